import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

// Static imports of every source file, resolved through package.json "imports" and relative paths.
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*.ts', '*.tsx'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && !file.startsWith('tests/'));
const known = new Set(files);

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gm)].map((match) => match[1]!);
  return specifiers
    .map((specifier) => {
      if (specifier.startsWith('#')) return specifier.slice(1);
      if (specifier.startsWith('.')) return normalize(join(dirname(file), specifier));
      return '';
    })
    .filter((target) => known.has(target));
}

/** Every circle in the graph, each once, as the path that closes it. */
function circles(): string[][] {
  const graph = new Map(files.map((file) => [file, importsOf(file)]));
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return found;
}

describe('the import graph', () => {
  it('reads the imports of the source files', () => {
    expect(importsOf('server/app.ts').length).toBeGreaterThan(3);
  });

  it('has no circles', () => {
    expect(circles()).toEqual([]);
  });
});
