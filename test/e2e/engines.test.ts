import fs from 'node:fs/promises';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The README promises Node.js 20.19; npm warns EBADENGINE for any locked package
// whose own `engines.node` the oldest promised version does not satisfy.
const root = path.resolve(import.meta.dirname, '../..');

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

describe('the promised Node.js version', () => {
  it('satisfies every locked package, so npm ci prints no EBADENGINE', async () => {
    const manifest = JSON.parse(await fs.readFile(path.join(root, 'package.json'), 'utf8'));
    const lock = JSON.parse(await fs.readFile(path.join(root, 'package-lock.json'), 'utf8'));
    const oldest = semver.minVersion(manifest.engines.node)?.version;
    expect(oldest).toBe('20.19.0');

    const refused = Object.entries(lock.packages as Record<string, LockedPackage>)
      .filter(([name]) => name !== '')
      .flatMap(([name, pkg]) => {
        const wanted = Array.isArray(pkg.engines) ? undefined : pkg.engines?.node;
        return wanted && !semver.satisfies(oldest as string, wanted)
          ? [`${name}@${pkg.version} wants node ${wanted}`]
          : [];
      });
    expect(refused).toEqual([]);
  });
});
