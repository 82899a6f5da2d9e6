import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { NOT_JUDGED_QUICK, verdictOf } from "../src/verdict.ts";

describe("verdictOf", () => {
  it("judges every target in a full run", () => {
    assert.equal(verdictOf([{ judges: "time", met: true }], false), "PASS");
    assert.equal(verdictOf([{ judges: "time", met: false }], false), "MISS");
    assert.equal(
      verdictOf(
        [
          { judges: "requests", met: true },
          { judges: "time", met: false },
        ],
        false,
      ),
      "MISS",
    );
  });

  it("does not judge a missed time target in a quick run", () => {
    assert.equal(verdictOf([{ judges: "time", met: false }], true), NOT_JUDGED_QUICK);
    assert.equal(NOT_JUDGED_QUICK, "not judged in quick mode");
  });

  it("still judges requests and memory in a quick run, and says time was left out", () => {
    assert.equal(verdictOf([{ judges: "requests", met: false }], true), "MISS");
    assert.equal(verdictOf([{ judges: "memory", met: true }], true), "PASS");
    assert.equal(
      verdictOf(
        [
          { judges: "requests", met: true },
          { judges: "time", met: false },
        ],
        true,
      ),
      "PASS (time not judged in quick mode)",
    );
  });

  it("gives a row without targets no verdict", () => {
    assert.equal(verdictOf([], false), "-");
    assert.equal(verdictOf([], true), "-");
  });
});
