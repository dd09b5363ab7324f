// Request validation (docs/architecture.md section 2): query strings, params and headers arrive as
// text, so their values are coerced to the schema's types ("?limit=5" → 5). A JSON body already
// carries its types, and coercing it silently changes what a client meant: `{"temperature": null}`
// matched the number branch of a nullable field first and was stored as 0. Bodies are validated
// without coercion, so a wrong type is a 400 instead of a different value.
import { AjvCompiler } from '@fastify/ajv-compiler';

type Route = { httpPart?: string };
type Compile = (route: Route) => unknown;
type Factory = (externalSchemas: unknown, options: { customOptions?: Record<string, unknown> }) => Compile;

export const bodiesWithoutCoercion = ((externalSchemas: unknown, ajvOptions: { customOptions?: Record<string, unknown> } = {}) => {
  const factory = AjvCompiler() as unknown as Factory;
  const coercing = factory(externalSchemas, ajvOptions);
  const exact = factory(externalSchemas, { ...ajvOptions, customOptions: { ...ajvOptions.customOptions, coerceTypes: false } });
  return (route: Route) => (route.httpPart === 'body' ? exact : coercing)(route);
}) as unknown as ReturnType<typeof AjvCompiler>;
