/** User accounts of the demo origin. Passwords are demo-only and documented in README.md. */
import { moscowIso } from '../lib/dates';
import { uuidFor } from '../lib/uuid';

export interface Account {
  readonly uid: number;
  readonly uuid: string;
  readonly name: string;
  readonly pass: string;
  readonly mail: string;
  readonly roles: readonly string[];
  readonly status: boolean;
  readonly created: string;
}

export const accounts: readonly Account[] = [
  {
    uid: 1,
    uuid: uuidFor('user:1'),
    name: 'admin',
    pass: 'demo-admin-not-for-login',
    mail: 'admin@lavanda-clinic.example',
    roles: ['authenticated', 'administrator'],
    status: true,
    created: moscowIso('2013-08-20 10:00'),
  },
  {
    uid: 2,
    uuid: uuidFor('user:2'),
    name: 'redaktor',
    pass: 'demo-redaktor-2013',
    mail: 'redaktor@lavanda-clinic.example',
    roles: ['authenticated', 'editor'],
    status: true,
    created: moscowIso('2014-01-13 10:00'),
  },
  {
    uid: 3,
    uuid: uuidFor('user:3'),
    name: 'blocked',
    pass: 'demo-blocked-2013',
    mail: 'blocked@lavanda-clinic.example',
    roles: ['authenticated'],
    status: false,
    created: moscowIso('2019-05-05 10:00'),
  },
];

export function accountByName(name: string): Account | undefined {
  const n = name.trim().toLowerCase();
  return accounts.find((a) => a.name.toLowerCase() === n);
}
export function accountByUid(uid: number): Account | undefined {
  return accounts.find((a) => a.uid === uid);
}
