// Response serialisers (fast-json-stringify, Fastify's default), kept for the process. Fastify
// compiles one per route and status for every app it builds, and that compile was the largest part
// of building an app: the tests build hundreds of apps in one process from the same route schemas.
// The schemas are module constants that nothing changes after start, so a serialiser compiled for a
// schema object serves that object in every app; apps given other shared schemas get their own.
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type Route = { schema: object; method: string; url: string; httpStatus?: string };
type Compile = (route: Route) => (data: unknown) => string;
type Factory = (externalSchemas: unknown, options: unknown) => Compile;

const fastJsonStringify = SerializerSelector() as unknown as Factory;
const byOptions = new Map<string, WeakMap<object, (data: unknown) => string>>();

export const cachedSerializers = ((externalSchemas: unknown, options: unknown) => {
  const compile = fastJsonStringify(externalSchemas, options);
  const key = JSON.stringify([externalSchemas ?? null, options ?? null]);
  let cache = byOptions.get(key);
  if (!cache) byOptions.set(key, (cache = new WeakMap()));
  const known = cache;
  return (route: Route) => {
    let serialize = known.get(route.schema);
    if (!serialize) known.set(route.schema, (serialize = compile(route)));
    return serialize;
  };
}) as unknown as ReturnType<typeof SerializerSelector>;
