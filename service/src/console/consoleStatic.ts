// Serves the console page (service/console/) at the address the service prints (`/console/`): plain HTML, one script
// and one stylesheet, under a CSP that allows no inline script or style.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ServerResponse } from 'node:http';

const CONSOLE_DIR = path.join(__dirname, '..', '..', 'console');
const FILES: Record<string, { file: string; type: string }> = {
  '/console/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/console/console.js': { file: 'console.js', type: 'text/javascript; charset=utf-8' },
  '/console/console.css': { file: 'console.css', type: 'text/css; charset=utf-8' },
};
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Returns false when the path is not one of the console's static files. */
export async function serveConsoleFile(pathname: string, res: ServerResponse): Promise<boolean> {
  const entry = FILES[pathname];
  if (!entry) return false;
  const content = await readFile(path.join(CONSOLE_DIR, entry.file));
  res.writeHead(200, {
    'Content-Type': entry.type,
    'Content-Length': content.length,
    'Content-Security-Policy': CSP,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  });
  res.end(content);
  return true;
}
