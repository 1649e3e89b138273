import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ELECTRON_SUPPORT, isSupportedElectron, supportedMajorsOn } from '../../../electron/main/electron-support';

const root = join(import.meta.dirname, '../../..');
const installed = (JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;
const declared = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies.electron;

describe('a supported Electron', () => {
  it('the installed Electron major still gets security fixes today (latest three stable majors; a new one every 8 weeks)', () => {
    const window = supportedMajorsOn(new Date());
    expect(isSupportedElectron(installed, new Date()), `Electron ${installed} is out of support: supported now are ${window.oldest}..${window.newest}. Move to a newer major, then update ELECTRON_SUPPORT in electron/main/electron-support.ts.`).toBe(true);
  });

  it('package.json asks for that same major', () => {
    expect(declared).toMatch(new RegExp(`^\\^${Number.parseInt(installed, 10)}\\.`));
  });

  it('the rule: three majors, moving up one every 8 weeks after the newest known release', () => {
    expect(ELECTRON_SUPPORT).toMatchObject({ newestStable: 45, supportedMajors: 3, cadenceWeeks: 8 });
    expect(supportedMajorsOn(new Date('2026-11-23T00:00:00Z'))).toEqual({ oldest: 43, newest: 45 });
    expect(supportedMajorsOn(new Date('2026-12-16T00:00:00Z'))).toEqual({ oldest: 44, newest: 46 });
    expect(supportedMajorsOn(new Date('2027-02-10T00:00:00Z'))).toEqual({ oldest: 45, newest: 47 });
    expect(supportedMajorsOn(new Date('2027-04-07T00:00:00Z'))).toEqual({ oldest: 46, newest: 48 });
    expect(isSupportedElectron('38.8.6', new Date('2026-11-23T00:00:00Z'))).toBe(false);
    expect(isSupportedElectron('43.0.0', new Date('2026-11-23T00:00:00Z'))).toBe(true);
    expect(isSupportedElectron('45.4.1', new Date('2027-04-07T00:00:00Z'))).toBe(false);
    expect(isSupportedElectron('not a version', new Date())).toBe(false);
  });
});
