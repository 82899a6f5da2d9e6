import { describe, expect, it } from "vitest";
import { indexWithSdk, refusal } from "./sdk-helpers.ts";

type City = {
  city: string;
  country: string;
  is_capital: boolean;
  population: number;
  geography: { continent: string; coordinates: { latitude: number } };
  industries: string[];
};

const CITIES: { id: string; content: City; metadata?: { source: string; rank: number } }[] = [
  {
    id: "istanbul",
    content: {
      city: "Istanbul",
      country: "Turkey",
      is_capital: false,
      population: 15_460_000,
      geography: { continent: "Asia", coordinates: { latitude: 41.0 } },
      industries: ["Tourism", "Textiles", "Finance"],
    },
    metadata: { source: "wiki", rank: 1 },
  },
  {
    id: "ankara",
    content: {
      city: "Ankara",
      country: "Turkey",
      is_capital: true,
      population: 5_663_000,
      geography: { continent: "Asia", coordinates: { latitude: 39.9 } },
      industries: ["Government", "Defense"],
    },
    metadata: { source: "atlas", rank: 2 },
  },
  {
    id: "berlin",
    content: {
      city: "Berlin",
      country: "Germany",
      is_capital: true,
      population: 3_850_000,
      geography: { continent: "Europe", coordinates: { latitude: 52.5 } },
      industries: ["Tourism", "Technology"],
    },
  },
];

describe("filters through the official SDK", () => {
  it.each([
    ["country = 'Turkey'", ["ankara", "istanbul"]],
    ['country != "Turkey"', ["berlin"]],
    ["population < 5663000", ["berlin"]],
    ["population <= 5663000", ["ankara", "berlin"]],
    ["population > 5663000", ["istanbul"]],
    ["population >= 5663000", ["ankara", "istanbul"]],
    ["city GLOB 'A*a'", ["ankara"]],
    ["city NOT GLOB '[AB]*'", ["istanbul"]],
    ["country IN ('Germany', 'France')", ["berlin"]],
    ["country NOT IN ('Germany', 'France')", ["ankara", "istanbul"]],
    ["industries CONTAINS 'Tourism'", ["berlin", "istanbul"]],
    ["industries NOT CONTAINS 'Tourism'", ["ankara"]],
    ["HAS FIELD @metadata.source", ["ankara", "istanbul"]],
    ["HAS NOT FIELD @metadata.source", ["berlin"]],
    ["is_capital = true AND geography.continent = 'Asia'", ["ankara"]],
    ["geography.coordinates.latitude > 50 OR @metadata.rank = 1", ["berlin", "istanbul"]],
    ["(country = 'Germany' OR country = 'Turkey') AND is_capital = false", ["istanbul"]],
    ["industries[0] = 'Tourism' AND industries[#-1] = 'Finance'", ["istanbul"]],
    ["@metadata.source GLOB 'w?ki'", ["istanbul"]],
  ])("%s", async (filter, expected) => {
    const { client } = await indexWithSdk();
    const cities = client.index<City, { source: string; rank: number }>("cities");
    await cities.upsert(CITIES);
    // "city" is in every document, so the query alone matches them all and the filter decides.
    const hits = await cities.search({ query: "city", limit: 10, filter });
    expect(hits.map((hit) => hit.id).sort()).toEqual(expected);
    expect((await cities.delete({ filter })).deleted).toBe(expected.length);
  });

  it("takes the SDK's filter objects", async () => {
    const { client } = await indexWithSdk();
    const cities = client.index<City, { source: string; rank: number }>("cities");
    await cities.upsert(CITIES);
    const hits = await cities.search({
      query: "city",
      limit: 10,
      filter: {
        AND: [
          { industries: { contains: "Tourism" } },
          { OR: [{ "@metadata.rank": { lessThanOrEquals: 1 } }, { country: { in: ["Germany"] } }] },
        ],
      },
    });
    expect(hits.map((hit) => hit.id).sort()).toEqual(["berlin", "istanbul"]);
  });

  it("refuses a filter with a syntax error, saying where", async () => {
    const { client } = await indexWithSdk();
    const cities = client.index("cities");
    await cities.upsert(CITIES);
    const error = await refusal(cities.search({ query: "city", filter: "country = 'Turkey' AND" }));
    expect(error.name).toBe("UpstashError");
    expect(error.message).toMatch(
      /^Invalid filter: expected a field name, found the end of the filter at position 23$/,
    );
    expect((await refusal(cities.delete({ filter: "population >> 3" }))).message).toMatch(/at position 13/);
  });
});
