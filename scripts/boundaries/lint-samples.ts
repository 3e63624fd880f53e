/**
 * Lints source samples under made-up file names with the repository's ESLint configuration and prints the
 * messages as JSON (for scripts/boundaries.test.ts, which runs this in a plain Node process: ESLint loads
 * its configuration with a native dynamic import that Jest's module sandbox does not provide).
 * Input on stdin: `[{ "filePath": "plugins/ssh/server/x.ts", "code": "import …" }, …]`, paths relative to the repository.
 */
import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '../..');
const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const samples = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { filePath: string; code: string }[];

const eslint = new ESLint({ cwd: root });
const results = [];
for (const { filePath, code } of samples) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  results.push({ filePath, messages: result.messages.map((m) => ({ ruleId: m.ruleId, line: m.line, message: m.message })) });
}
process.stdout.write(JSON.stringify(results));
