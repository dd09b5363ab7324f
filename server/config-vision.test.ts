// OPENAI_VISION (docs/attachments.md "The AI and files"): off unless set; on, the configured model is
// sent visitors' images. Without a model it stops the start, naming the variable.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const MODEL = { OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' };

describe('OPENAI_VISION', () => {
  it('is off when unset or blank, and there is no model without OPENAI_BASE_URL', () => {
    expect(loadConfig(MODEL).llm?.vision).toBe(false);
    expect(loadConfig({ ...MODEL, OPENAI_VISION: '' }).llm?.vision).toBe(false);
    expect(loadConfig({}).llm).toBeNull();
  });

  it('turns on with the usual spellings of yes, and off with those of no', () => {
    for (const on of ['1', 'true', 'YES', 'on']) expect(loadConfig({ ...MODEL, OPENAI_VISION: on }).llm?.vision).toBe(true);
    for (const off of ['0', 'false', 'no', 'off']) expect(loadConfig({ ...MODEL, OPENAI_VISION: off }).llm?.vision).toBe(false);
    // Off without a model is what unset means: nothing to refuse.
    expect(loadConfig({ OPENAI_VISION: '0' }).llm).toBeNull();
  });

  it('stops the start with the variable named for a value that is no yes or no', () => {
    expect(() => loadConfig({ ...MODEL, OPENAI_VISION: 'gpt-4o' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...MODEL, OPENAI_VISION: 'gpt-4o' })).toThrow(/^OPENAI_VISION: must be true or false/);
  });

  it('stops the start when it is on without a model to read the images', () => {
    expect(() => loadConfig({ OPENAI_VISION: '1' })).toThrow(/^OPENAI_VISION: needs OPENAI_BASE_URL/);
  });
});
