// The web tests' network: msw answers the app's real requests (no stubbed fetch), and every answer a test
// gives must follow the shared zod schema it claims to, so a mock can not drift from the API.
import { codedErrorResponseSchema, errorResponseSchema } from "@neonlab/shared/schemas/common";
import { HttpResponse, http } from "msw/http";
import { setupServer } from "msw/node";
import type { z } from "zod";

/** The realtime socket a signed-in session opens (lib/socket.ts) finds no server: the tests run without it. */
const noRealtime = http.all(`${window.location.origin}/socket.io/*`, () => HttpResponse.error());

export const server = setupServer(noRealtime);

/** What a test broke that no assertion of its own would see: an answer off its schema, an unmocked request. */
export const networkViolations: string[] = [];

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A request the app sent, as a mock answered it. */
export type RecordedRequest = {
  method: Method;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
};

type Answer<Body> = Body | ((request: RecordedRequest) => Body);
/** `once`: answers only the first matching request (an earlier mock answers the next ones). */
type AnswerInit = { status?: number; headers?: Record<string, string>; once?: boolean };

/** The address the app requests for an API path (the test document's origin). */
const address = (path: string) => new URL(path, window.location.origin).href;

function parsed<S extends z.ZodType>(schema: S, body: unknown, where: string): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const problem = `${where}: the mocked answer does not follow its schema: ${result.error.message}`;
  networkViolations.push(problem);
  throw new Error(problem);
}

async function record(method: Method, request: Request): Promise<RecordedRequest> {
  const url = new URL(request.url);
  const text = method === "GET" ? "" : await request.text();
  return {
    method,
    path: url.pathname,
    query: url.searchParams,
    headers: request.headers,
    body: text ? JSON.parse(text) : undefined,
  };
}

/**
 * Answers `method path` with `answer` (a body, or a function of the request giving one), which must follow
 * `schema`: a fixed body is checked at once, a computed one when it is sent. Returns the requests answered.
 */
export function mockApi<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S,
  answer: Answer<z.input<S>>,
  init: AnswerInit = {},
): RecordedRequest[] {
  const where = `${method} ${path}`;
  if (typeof answer !== "function") parsed(schema, answer, where);
  const requests: RecordedRequest[] = [];
  const handler = http[method.toLowerCase() as Lowercase<Method>];
  server.use(
    handler(
      address(path),
      async ({ request }) => {
        const recorded = await record(method, request);
        requests.push(recorded);
        const body =
          typeof answer === "function" ? (answer as (request: RecordedRequest) => z.input<S>)(recorded) : answer;
        return HttpResponse.json(parsed(schema, body, where) as Parameters<typeof HttpResponse.json>[0], {
          status: init.status ?? 200,
          headers: init.headers,
        });
      },
      { once: init.once },
    ),
  );
  return requests;
}

export const mockGet = <S extends z.ZodType>(path: string, schema: S, answer: Answer<z.input<S>>, init?: AnswerInit) =>
  mockApi("GET", path, schema, answer, init);

/** Answers `method path` with the API's error object (spec §3), with Better Auth's `code` when given. */
export function mockError(
  method: Method,
  path: string,
  status: number,
  body: z.input<typeof errorResponseSchema> & { code?: string },
  { once }: { once?: boolean } = {},
): RecordedRequest[] {
  const schema = body.code === undefined ? errorResponseSchema : codedErrorResponseSchema;
  return mockApi(method, path, schema, body, { status, once });
}

/** `method path` never reaches a server (the browser's fetch rejects); returns the attempts. */
export function mockNetworkError(method: Method, path: string): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  server.use(
    http[method.toLowerCase() as Lowercase<Method>](address(path), async ({ request }) => {
      requests.push(await record(method, request));
      return HttpResponse.error();
    }),
  );
  return requests;
}
