// Unitool parameters' patterns (docs/behaviour.md "Unitools"): matched with RE2, which cannot
// backtrack, so a hostile argument is a quick "must match pattern", and patterns that could
// backtrack catastrophically, or that RE2 cannot run, are refused when the tool is saved.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { argumentProblems, parameterSchemaProblems } from './schema-check.js';

const withPattern = (pattern: string) => ({ type: 'object', properties: { code: { type: 'string', pattern } } });

describe('Unitool parameter patterns', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill('SIGKILL');
  });

  it('rejects a hostile argument against a catastrophic pattern with a clear error, and finishes', async () => {
    child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'hostile-pattern.fixture.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk));
    const code = await new Promise((resolve) => child!.on('close', resolve));
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual([{ path: 'arguments/code', message: 'must match pattern "^(a+)+$"' }]);
  });

  it('keeps ECMA pattern meaning for ordinary patterns', () => {
    expect(argumentProblems(withPattern('^A-[0-9]+$'), { code: 'A-101' })).toEqual([]);
    expect(argumentProblems(withPattern('^A-[0-9]+$'), { code: 'drop table' })).toHaveLength(1);
    expect(argumentProblems(withPattern('^caf\\u00e9$'), { code: 'café' })).toEqual([]);
    expect(argumentProblems(withPattern('^[\\p{L} ]+$'), { code: 'Grüße aus Köln' })).toEqual([]);
    // Two patterns in one schema each keep their own meaning.
    const two = { type: 'object', properties: { a: { type: 'string', pattern: '^a$' }, b: { type: 'string', pattern: '^b$' } } };
    expect(argumentProblems(two, { a: 'a', b: 'b' })).toEqual([]);
    expect(argumentProblems(two, { a: 'b', b: 'a' })).toHaveLength(2);
  });

  it('refuses at save a pattern that can backtrack catastrophically or that RE2 cannot run', () => {
    expect(parameterSchemaProblems(withPattern('^(a+)+$'))).toEqual([{ path: 'parameters/properties/code/pattern', message: expect.stringMatching(/nested repetition/) }]);
    expect(parameterSchemaProblems(withPattern('^(?=a)a$'))).toEqual([{ path: 'parameters/properties/code/pattern', message: expect.stringMatching(/RE2/) }]);
    expect(parameterSchemaProblems({ type: 'object', patternProperties: { '^(x+)*$': {} } })).toEqual([{ path: 'parameters/patternProperties/^(x+)*$', message: expect.stringMatching(/nested repetition/) }]);
    expect(parameterSchemaProblems(withPattern('^A-[0-9]+$'))).toEqual([]);
    // A pattern-looking value in data keywords is no pattern.
    expect(parameterSchemaProblems({ type: 'object', default: { pattern: '(a+)+' } })).toEqual([]);
  });

  it('refuses to check arguments against a stored pattern RE2 cannot run, rather than run it on RegExp', () => {
    expect(argumentProblems(withPattern('^(?=a)a$'), { code: 'a' })).toEqual([{ path: 'parameters', message: expect.stringMatching(/cannot be checked/) }]);
  });
});
