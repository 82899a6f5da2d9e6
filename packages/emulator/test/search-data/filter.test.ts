import { describe, expect, it } from "vitest";
import { matchesFilter } from "../../src/search-data/filter/evaluate.ts";
import { parseFilter } from "../../src/search-data/filter/parser.ts";
import { FilterSyntaxError } from "../../src/search-data/filter/syntax-error.ts";

const city = {
  content: {
    city: "Istanbul",
    country: "Turkey",
    is_capital: false,
    population: 15_460_000,
    geography: { continent: "Asia", coordinates: { latitude: 41.0082, longitude: 28.9784 } },
    economy: { currency: "TRY", major_industries: ["Tourism", "Textiles", "Finance"] },
    motto: 'it\'s "big"',
  },
  metadata: { source: "wiki", rank: 3, tags: ["old", "large"] },
};

function matches(filter: string): boolean {
  return matchesFilter(parseFilter(filter), city);
}

describe("the filter language", () => {
  it.each([
    ["country = 'Turkey'", true],
    ['country = "Turkey"', true],
    ["country = 'turkey'", false],
    ["country != 'Germany'", true],
    ["population = 15460000", true],
    ["population >= 15460000 AND population <= 15460000", true],
    ["population > 1e6", true],
    ["population < 1000", false],
    ["is_capital = false", true],
    ["is_capital != TRUE", true],
    ["city GLOB 'I*l'", true],
    ["city GLOB '?stanbul'", true],
    ["city GLOB '[A-J]stanbul'", true],
    ["city GLOB '[^I]*'", false],
    ["city NOT GLOB 'A*'", true],
    ["country IN ('Germany', 'Turkey')", true],
    ["country NOT IN ('Germany', 'Turkey')", false],
    ["population IN (1, 15460000)", true],
    ["economy.major_industries CONTAINS 'Tourism'", true],
    ["economy.major_industries NOT CONTAINS 'Mining'", true],
    ["economy.major_industries[0] = 'Tourism'", true],
    ["economy.major_industries[#-1] = 'Finance'", true],
    ["economy.major_industries[5] = 'Finance'", false],
    ["geography.coordinates.latitude >= 41 AND geography.continent = 'Asia'", true],
    ["HAS FIELD geography.coordinates", true],
    ["HAS NOT FIELD geography.coordinates.altitude", true],
    ["HAS FIELD missing", false],
    ["@metadata.source = 'wiki'", true],
    ["@metadata.rank > 2 AND @metadata.tags CONTAINS 'old'", true],
    ["HAS FIELD @metadata.rank", true],
    ["HAS FIELD source", false],
    ["motto = 'it\\'s \"big\"'", true],
    ["country = 'Germany' OR city = 'Istanbul' AND population > 1", true],
    ["(country = 'Germany' OR city = 'Istanbul') AND population < 1", false],
    ["country = 'Germany' or city = 'Istanbul'", true],
  ])("%s → %s", (filter, expected) => {
    expect(matches(filter)).toBe(expected);
  });

  it("treats a missing field or a value of another type as not matching, negations included", () => {
    expect(matches("missing != 'x'")).toBe(false);
    expect(matches("missing NOT IN ('x')")).toBe(false);
    expect(matches("country != 3")).toBe(false);
    expect(matches("population GLOB '1*'")).toBe(false);
  });

  it("binds AND tighter than OR", () => {
    expect(parseFilter("a = 1 OR b = 2 AND c = 3")).toMatchObject({
      kind: "or",
      operands: [{ kind: "compare" }, { kind: "and" }],
    });
  });

  it.each([
    ["country = ", 11, "expected a value"],
    ["country == 'x'", 10, "expected a value"],
    ["country 'x'", 9, "expected an operator"],
    ["(country = 'x'", 15, 'expected ")"'],
    ["country = 'x", 11, "string is not closed"],
    ["population > 'many'", 14, '">" needs a number'],
    ["city GLOB 3", 11, "GLOB needs a quoted string"],
    ["country IN 'x'", 12, 'expected "("'],
    ["HAS country", 5, "expected FIELD"],
    ["a = 1 b = 2", 7, "expected AND, OR or the end"],
    ["tags[x] = 1", 5, "array index"],
    ["@metadata = 1", 1, "not a field name"],
    ["a = 1 & b = 2", 7, 'unexpected character "&"'],
  ])("refuses %j at position %i", (filter, position, message) => {
    let thrown: unknown;
    try {
      parseFilter(filter);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(FilterSyntaxError);
    expect((thrown as FilterSyntaxError).position).toBe(position);
    expect((thrown as Error).message).toContain(message);
    expect((thrown as Error).message).toContain(`at position ${position}`);
  });
});
