// The README shows the nginx configuration that the end-to-end suite runs, character for character, and
// the lines it quotes from the strip-prefix variant are that file's lines.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../test/serverProcess';

const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const sample = (name: string) => fs.readFileSync(path.join(ROOT, 'deploy', 'nginx', name), 'utf8');

/** The contents of every ```nginx block of the README, each without its indentation. */
function nginxBlocks(): string[] {
  return [...readme.matchAll(/^( *)```nginx\n([\s\S]*?)^ *```$/gm)].map(([, indent, body]) =>
    body
      .split('\n')
      .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
      .join('\n'),
  );
}

describe('README, "Deploy it"', () => {
  it('shows deploy/nginx/passvault.conf verbatim', () => {
    expect(nginxBlocks()).toContain(sample('passvault.conf'));
  });

  it('quotes lines that deploy/nginx/passvault-strip-prefix.conf really has', () => {
    const stripPrefix = sample('passvault-strip-prefix.conf')
      .split('\n')
      .map((line) => line.trim());
    const quoted = nginxBlocks().find((block) => block.includes('proxy_set_header X-Forwarded-Prefix'));
    expect(quoted).toBeDefined();
    for (const line of (quoted as string).split('\n').filter((text) => text.trim())) {
      expect(stripPrefix).toContain(line.trim());
    }
  });
});
