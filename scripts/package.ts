// `npm run package`: a production build (minified, no source maps), then the .vsix through @vscode/vsce.
// Prints the path of the package, its size and its file list.
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export function packageExtension(): string {
  const root = path.resolve(__dirname, '..');
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    version: string;
    name: string;
    repository: { url: string };
  };
  const { version, name } = manifest;
  // Relative links and images in the README resolve against the repository, as on the marketplace page.
  const repository = manifest.repository.url.replace(/\.git$/, '');
  const out = path.join(root, `${name}-${version}.vsix`);
  execFileSync(process.execPath, [path.join(root, 'esbuild.mjs'), '--production'], { cwd: root, stdio: 'inherit' });
  // --no-dependencies: the bundles already contain what they import, node_modules stays out of the package.
  execFileSync(process.execPath, [require.resolve('@vscode/vsce/vsce'), 'package', '--no-dependencies', '--out', out,
    '--baseContentUrl', `${repository}/blob/main/`, '--baseImagesUrl', `${repository}/raw/main/`], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return out;
}

if (require.main === module) {
  const file = packageExtension();
  const listing = execFileSync('unzip', ['-l', file], { encoding: 'utf8' });
  process.stdout.write(`\n${path.basename(file)}: ${(statSync(file).size / 1024).toFixed(1)} KiB\n${listing}`);
}
