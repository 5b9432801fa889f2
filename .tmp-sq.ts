import Database from 'better-sqlite3';
const d = new Database(':memory:');
d.pragma('foreign_keys = ON');
d.exec("create table users(id integer primary key, name text)");
d.exec("alter table users add column owner_id integer references users(id) on delete cascade");
try { d.exec("alter table users drop column owner_id"); console.log('dropped ok'); } catch (e) { console.log('fail', String(e)); }
