// PostgreSQL 15's HTML manual (Debian package postgresql-doc-15), as a visitor would ask about it.
// Written from the pages before any eval run on them; see docs/eval.md. The manual has 1173 pages;
// to keep a run short only these chapters are published, chosen by file name before any run: the
// tutorial, SQL commands, client and server applications, backup, client authentication, server
// configuration, data types, data definition, indexes, functions and operators, plus the pages on
// continuous archiving, routine vacuuming and reindexing, and upgrading (363 pages).
import { numbered, type DocSet } from './types.js';

const sql = (cmd: string) => `sql-${cmd}.html`;
const app = (name: string) => `app-${name}.html`;
const p = (name: string) => `${name}.html`;
const CHAPTERS = /^(tutorial|sql-|app-|backup|auth-|client-authentication|runtime-config|datatype|ddl|indexes|functions)[^/]*\.html$/;
const PAGES = new Set(['continuous-archiving.html', 'routine-vacuuming.html', 'routine-reindex.html', 'upgrading.html']);

export const POSTGRESQL: DocSet = {
  name: 'postgresql',
  root: '/usr/share/doc/postgresql-doc-15/html',
  include: (path) => CHAPTERS.test(path) || PAGES.has(path),
  questions: numbered('pg', [
    // --- answerable, English ---
    ['tune', 'en', 'how do i back up one databse into a file that i can restore later on another server', [p('backup-dump'), app('pgdump')]],
    ['held-out', 'en', 'how do I restore a custom-format dump file into a fresh database?', [app('pgrestore'), p('backup-dump')]],
    ['tune', 'en', "i cant connect from another machine, it says no pg_hba.conf entry for host, what do I change?", [p('auth-pg-hba-conf'), p('client-authentication-problems')]],
    ['held-out', 'en', 'how do i make postgres accept connections on all network interfaces and not only localhost', [p('runtime-config-connection')]],
    ['tune', 'en', 'How do I add a column to a table that already has data in it, without recreating the table?', [p('ddl-alter'), sql('altertable')]],
    ['held-out', 'en', "what's the right type for storing money amounts, numeric or that money type?", [p('datatype-money'), p('datatype-numeric')]],
    ['tune', 'en', 'how do I get an id column that just counts up by itself for each new row', [p('datatype-numeric'), sql('createtable'), sql('createsequence')]],
    ['held-out', 'en', 'can i store json documents in a column and query a field that is inside them?', [p('datatype-json'), p('functions-json')]],
    ['tune', 'en', 'how to get a running total over rows sorted by date', [p('tutorial-window'), p('functions-window')]],
    ['held-out', 'en', 'my query with WHERE lower(email) = ... is really slow, can I index that somehow?', [p('indexes-expressional'), sql('createindex')]],
    ['tune', 'en', 'how do i create a new user that can log in with a password', [sql('createrole'), sql('createuser'), app('createuser')]],
    ['held-out', 'en', 'how do I give a reporting user read-only access to every table in a schema, including tables created later?', [sql('grant'), p('ddl-priv'), sql('alterdefaultprivileges')]],
    ['tune', 'en', 'what does vaccum actually do and do I have to run it myself?', [p('routine-vacuuming'), sql('vacuum')]],
    ['held-out', 'en', 'how do I see how postgres is going to run my query so I can tell why it is slow', [sql('explain')]],
    ['tune', 'en', 'how do i split a huge table by month so that dropping old data is cheap', [p('ddl-partitioning')]],
    ['held-out', 'en', 'how do I insert a row, or update it instead if it already exists?', [sql('insert'), sql('merge')]],
    ['tune', 'en', 'how do I make sure two columns are unique together, not each one alone', [p('ddl-constraints'), p('indexes-unique'), sql('createtable')]],
    ['held-out', 'en', 'how can every customer only see their own rows in a shared table?', [p('ddl-rowsecurity'), sql('createpolicy')]],
    ['tune', 'en', "how do i show a date like 2024-01-31 as 'January 31' in a query", [p('functions-formatting')]],
    ['held-out', 'en', 'how can i log every query that takes longer than a second', [p('runtime-config-logging')]],
    ['tune', 'en', 'how do i move to a newer major version of postgres without loosing my data', [p('upgrading'), app('pg-dumpall')]],
    ['held-out', 'en', 'how can i search a column of articles for words, like a search engine would', [p('functions-textsearch'), p('datatype-textsearch')]],
    ['tune', 'en', 'someone dropped a table at 14:05, can I restore the database to how it was just before that?', [p('continuous-archiving')]],
    ['held-out', 'en', 'how do I check from a shell script whether the server is up and taking connections?', [app('pg-isready')]],
    // --- answerable, follow-ups ---
    ['tune', 'en', 'how can I see its columns and their types from psql?', [app('psql')], ['I created a table called orders with psql.']],
    ['held-out', 'en', 'can it compress the output and use several jobs in parallel to go faster?', [app('pgdump')], ['We run pg_dump every night for our backups.']],
    ['tune', 'de', 'Kann ich den auch so speichern, dass das Ergebnis nicht bei jeder Abfrage neu berechnet wird?', [sql('creatematerializedview'), sql('refreshmaterializedview')], ['Ich habe einen View für unsere Monatsberichte angelegt.']],
    ['held-out', 'es', '¿cómo las junto para ver los pedidos de cada cliente, incluidos los clientes que no tienen ninguno?', [p('tutorial-join'), sql('select')], ['Tengo una tabla de clientes y otra de pedidos.']],
    // --- answerable, German / Spanish / French ---
    ['tune', 'de', 'Wie ändere ich das Passwort eines Datenbankbenutzers?', [sql('alterrole'), sql('alteruser'), app('psql'), p('auth-password')]],
    ['held-out', 'de', 'Wie viel Arbeitsspeicher sollte ich für shared_buffers einstellen?', [p('runtime-config-resource')]],
    ['tune', 'es', '¿cómo borro todas las filas de una tabla enorme de forma rápida?', [sql('truncate'), sql('delete')]],
    ['held-out', 'es', '¿Cómo creo una base de datos nueva desde la línea de comandos?', [app('createdb'), p('tutorial-createdb'), sql('createdatabase')]],
    ['tune', 'fr', "Comment calculer l'âge de quelqu'un à partir de sa date de naissance ?", [p('functions-datetime')]],
    ['held-out', 'fr', 'comment stocker une adresse IP et vérifier si elle fait partie d\'un sous-réseau ?', [p('datatype-net-types'), p('functions-net')]],
    ['tune', 'de', 'Wie lege ich einen Index an, ohne dass die Tabelle währenddessen für Schreibzugriffe gesperrt ist?', [sql('createindex')]],
    ['held-out', 'es', '¿cuál es la diferencia entre varchar y text?', [p('datatype-character')]],
    ['tune', 'fr', "Comment exporter le résultat d'une requête dans un fichier CSV ?", [sql('copy'), app('psql')]],
    ['held-out', 'de', 'Wie erzeuge ich UUIDs als Primärschlüssel?', [p('datatype-uuid'), p('functions-uuid')]],
    // --- on topic, not answered by these pages ---
    ['tune', 'en', 'how do I set up pgBouncer in front of postgres for connection pooling?', []],
    ['held-out', 'en', 'how much does Amazon RDS for PostgreSQL cost per month for a small instance?', []],
    ['tune', 'en', 'how do I configure automatic failover between my primary and replica with Patroni?', []],
    ['held-out', 'en', 'how do I install PostGIS and find all shops within 5 km of a point?', []],
    ['tune', 'de', 'Wie migriere ich eine Oracle-Datenbank mit ihren PL/SQL-Paketen nach PostgreSQL?', []],
    ['held-out', 'es', '¿Cómo conecto mi aplicación Django a PostgreSQL en settings.py?', []],
    ['tune', 'fr', 'Quelle est la date de fin de support de PostgreSQL 15 ?', []],
    ['held-out', 'fr', 'Comment configurer pgAdmin pour me connecter à un serveur distant ?', []],
    ['held-out', 'en', 'what CPU and memory limits should I give a postgres pod on kubernetes?', []],
    ['tune', 'en', 'which GUI client is the best for browsing my postgres tables on a Mac?', []],
  ]),
};
