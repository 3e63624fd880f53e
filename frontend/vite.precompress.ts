import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; images, fonts (woff2) and archives are compressed already. */
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|wasm|webmanifest)$/;

/**
 * Writes a brotli (`.br`, quality 9) and a gzip (`.gz`, level 9) twin next to every compressible file
 * of the build (issue 14): the BFF serves them as they are to browsers that accept them, so no request
 * compresses anything at run time and no reverse proxy is needed. Twins that would not be smaller are
 * left out (the server then sends the original). Source maps are not compressed: they are not served
 * to browsers unless SOURCE_MAPS=public, and then rarely.
 */
export function precompress(options: { minBytes?: number } = {}): Plugin {
  const minBytes = options.minBytes ?? 512;
  let outDir = 'dist';
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((f) => f.isFile() && compressible.test(f.name))
        .map((f) => path.join(f.parentPath, f.name));
      // Two at a time (zlib works in the thread pool). Quality 9, not 11: a tenth of the time for a few per cent.
      const queue = [...files];
      const work = async () => {
        for (let file = queue.shift(); file; file = queue.shift()) {
          const data = await fs.readFile(file);
          if (data.length < minBytes) continue;
          const [br, gz] = await Promise.all([
            brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            gzip(data, { level: 9 }),
          ]);
          if (br.length < data.length) await fs.writeFile(`${file}.br`, br);
          if (gz.length < data.length) await fs.writeFile(`${file}.gz`, gz);
        }
      };
      await Promise.all([work(), work()]);
    },
  };
}
