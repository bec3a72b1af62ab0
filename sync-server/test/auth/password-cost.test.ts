import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SqliteSql } from '../../src/app-db/app-sql.ts';
import { Accounts } from '../../src/auth/accounts.ts';
import { SCRYPT_PARAMS } from '../../src/auth/passwords.ts';
import { TEST_PASSWORD_COST } from '../helpers.ts';

// Servers in tests hash passwords at a lower cost (test/helpers.ts); the product never does.

function accounts(options: ConstructorParameters<typeof Accounts>[1] = {}) {
  const db = new Database(':memory:');
  const hashes = () =>
    db
      .prepare('SELECT username, password_hash AS hash FROM auth_supervisors ORDER BY username')
      .all() as { username: string; hash: string }[];
  return { a: new Accounts(new SqliteSql(db), options), hashes };
}

describe('password hashing cost', () => {
  it('is scrypt N=2^15, r=8, p=1 for supervisors, resets and client accounts unless told', async () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 2 ** 15, r: 8, p: 1 });
    const { a, hashes } = accounts();
    await a.addSupervisor('boss', 'correct horse battery');
    await a.clients.add('acme', 'client password', ['site-1'], null);
    expect(hashes().map((row) => row.hash.split('$').slice(0, 4).join('$'))).toEqual([
      'scrypt$32768$8$1',
      'scrypt$32768$8$1',
    ]);
    expect(await a.resetPassword('boss', 'another password')).toBe(true);
    expect(hashes()[1]?.hash.startsWith('scrypt$32768$8$1$')).toBe(true);
    expect(await a.checkPassword('boss', 'another password')).not.toBeNull();
  });

  it('takes the cost it is given, and a hash made at one cost is checked at that cost', async () => {
    const { a, hashes } = accounts({ passwordCost: TEST_PASSWORD_COST });
    await a.addSupervisor('boss', 'correct horse battery');
    await a.clients.add('acme', 'client password', ['site-1'], null);
    expect(hashes().every((row) => row.hash.startsWith('scrypt$1024$8$1$'))).toBe(true);
    expect(await a.checkPassword('boss', 'correct horse battery')).not.toBeNull();
    expect(await a.checkPassword('boss', 'wrong password!')).toBeNull();
    expect(await a.checkPassword('nobody', 'correct horse battery')).toBeNull();
  });
});
