import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

describe('lockDataDir', () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'rm-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('writes our pid and removes the lock on release', async () => {
    const dir = freshDir();
    const lock = await lockDataDir(dir);
    expect(readFileSync(join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(existsSync(join(dir, 'server.lock'))).toBe(false);
  });

  it('refuses a directory held by another live process, naming it', async () => {
    const dir = freshDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dir, 'server.lock'), String(holder.pid));
      await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
      await expect(lockDataDir(dir)).rejects.toThrow(`DATA_DIR ${dir} is in use by process ${holder.pid}`);
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dir = freshDir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    writeFileSync(join(dir, 'server.lock'), String(gone.pid));
    const lock = await lockDataDir(dir);
    expect(readFileSync(join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it('refuses a second lock while the first is held, even by the same process, until released', async () => {
    const dir = freshDir();
    const first = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    first.release();
    const second = await lockDataDir(dir);
    second.release();
  });

  it('lets exactly one of several processes racing on a stale lock take it', async () => {
    const dir = freshDir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    writeFileSync(join(dir, 'server.lock'), String(gone.pid));
    // Each racer says what it got; a winner holds the lock until every racer has answered.
    const racer = [
      `import { lockDataDir } from ${JSON.stringify(join(import.meta.dirname, 'data-dir-lock.ts'))};`,
      `try { await lockDataDir(${JSON.stringify(dir)}); console.log('won'); setInterval(() => {}, 1000); }`,
      `catch (error) { console.log(error.name); }`,
    ].join('\n');
    const children = [1, 2, 3, 4].map(() =>
      spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', racer]),
    );
    const outcomes = await Promise.all(
      children.map(
        (child) =>
          new Promise<string>((done) => {
            child.stdout.once('data', (chunk: Buffer) => done(chunk.toString().trim()));
            child.once('exit', () => done('exited without an answer'));
          }),
      ),
    );
    for (const child of children) child.kill();
    expect(outcomes.filter((outcome) => outcome === 'won')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'DataDirLockedError')).toHaveLength(3);
  });
});
