// Request validation (docs/architecture.md section 2): query strings, params and headers arrive as
// text, so their values are coerced to the schema's types ("?limit=5" → 5). A JSON body already
// carries its types, and coercing it silently changes what a client meant: `{"temperature": null}`
// matched the number branch of a nullable field first and was stored as 0. Bodies are validated
// without coercion, so a wrong type is a 400 instead of a different value.
import { AjvCompiler } from '@fastify/ajv-compiler';

type Route = { httpPart?: string };
type Compile = (route: Route) => unknown;
type Factory = (externalSchemas: unknown, options: { customOptions?: Record<string, unknown> }) => Compile;

// One pool of compilers for the process: a compiler (one Ajv) per set of shared schemas and options,
// and Ajv keeps what it compiled per schema object. The route schemas are module constants, so an
// app built again in the same process (the tests build hundreds) reuses every validator instead of
// compiling them all again, which took most of an app's build time.
const factory = AjvCompiler() as unknown as Factory;

export const bodiesWithoutCoercion = ((externalSchemas: unknown, ajvOptions: { customOptions?: Record<string, unknown> } = {}) => {
  const coercing = factory(externalSchemas, ajvOptions);
  const exact = factory(externalSchemas, { ...ajvOptions, customOptions: { ...ajvOptions.customOptions, coerceTypes: false } });
  return (route: Route) => (route.httpPart === 'body' ? exact : coercing)(route);
}) as unknown as ReturnType<typeof AjvCompiler>;
