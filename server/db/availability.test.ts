import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./availability";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["a refused connection", withCode("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")],
    ["a refused IPv4 and IPv6 connect", Object.assign(new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")]), {})],
    ["a reset connection", withCode("ECONNRESET")],
    ["an unknown host", withCode("ENOTFOUND")],
    ["pg_terminate_backend", withCode("57P01", "terminating connection due to administrator command")],
    ["a server starting up", withCode("57P03", "the database system is starting up")],
    ["too many connections", withCode("53300")],
    ["a database that does not exist (DATABASE_URL's name wrong)", withCode("3D000", 'database "shop" does not exist')],
    ["a role that does not exist", withCode("28000", 'role "shop" does not exist')],
    ["a wrong password", withCode("28P01", 'password authentication failed for user "shop"')],
    ["a connection exception", withCode("08006")],
    ["pg's dropped connection", new Error("Connection terminated unexpectedly")],
    ["pg's connect timeout", new Error("timeout exceeded when trying to connect")],
    ["a broken pg client", new Error("Client has encountered a connection error and is not queryable")],
    ["a wrapped cause", new Error("query failed", { cause: withCode("ECONNRESET") })],
  ])("is true for %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", withCode("23505", "duplicate key value violates unique constraint")],
    ["a syntax error", withCode("42601")],
    ["a serialization failure", withCode("40001")],
    ["a plain bug", new TypeError("Cannot read properties of undefined")],
    ["a string", "ECONNREFUSED"],
    ["nothing", undefined],
  ])("is false for %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
