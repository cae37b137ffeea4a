// Every command of the README's shell blocks is run by the README's commands layer of `npm test` (test/readme), which
// CI runs from its clean clone: a command added to the README without a run there fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { readme, readmeCommands, repositoryRoot } from '../../readme/readmeCommands';
import { readmeRuns } from '../../readme/readmeRuns';

describe("the README's commands", () => {
  it('reads the commands of shell blocks only, without their comments', () => {
    const markdown = [
      'Text with `npm run inline` in it.',
      '```bash',
      'npm install && npm run demo   # starts everything',
      '',
      'npm run service -- --upstream http://127.0.0.1:11434/v1#fragment',
      '```',
      '```',
      'src/shared/    not a command',
      '```',
      '```sh',
      '# only a comment',
      'npm run demo   # the same command again',
      'npm test',
      '```',
      '```ts',
      'const x = 1;',
      '```',
    ].join('\n');
    assert.deepEqual(readmeCommands(markdown), [
      'npm install && npm run demo',
      'npm run service -- --upstream http://127.0.0.1:11434/v1#fragment',
      'npm run demo',
      'npm test',
    ]);
  });

  it('finds the commands a user is told to run', () => {
    const commands = readmeCommands(readme());
    for (const command of ['npm install && npm run demo', 'npm install && npm test', 'npm install && npm run package', 'npm run service', 'npm run bench'])
      assert.ok(commands.includes(command), `${command} in ${JSON.stringify(commands)}`);
  });

  it('every one of them is run by the README layer of npm test, and that layer runs nothing the README no longer says', () => {
    const commands = readmeCommands(readme());
    const run = readmeRuns.map((r) => r.command);
    assert.deepEqual(
      commands.filter((command) => !run.includes(command)),
      [],
      'README commands that test/readme/readmeRuns.ts does not run',
    );
    assert.deepEqual(
      run.filter((command) => !commands.includes(command)),
      [],
      'runs of test/readme/readmeRuns.ts for commands the README no longer gives',
    );
  });

  it("CI runs the README layer: .ci/run runs the README's test command, whose layers include it", () => {
    const ci = readFileSync(path.join(repositoryRoot, '.ci', 'run'), 'utf8');
    assert.match(ci, /^\{ npm install && npm test; \}/m);
    const testScript = readFileSync(path.join(repositoryRoot, 'scripts', 'test.ts'), 'utf8');
    assert.match(testScript, /const layers = \[[^\]]*'readme'[^\]]*\] as const;/);
  });
});
