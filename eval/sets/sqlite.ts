// SQLite's HTML documentation (Debian package sqlite3-doc), as a visitor would ask about it.
// Written from the pages before any eval run on them; see docs/eval.md. Published: the top-level
// pages, less the generated link lists (cross-reference and keyword indexes, site map, doc list);
// the C API per-function pages (c3ref/) and syntax diagrams are left out to keep a run short.
import { numbered, type DocSet } from './types.js';

const p = (name: string) => `${name}.html`;
const LINK_LISTS = /^(doc_\w+_crossref|keyword_index|sitemap|doclist)\.html$/;

export const SQLITE: DocSet = {
  name: 'sqlite',
  root: '/usr/share/doc/sqlite3',
  include: (path) => /^[^/]+\.html$/.test(path) && !LINK_LISTS.test(path),
  questions: numbered('sq', [
    // --- answerable, English ---
    ['tune', 'en', 'is sqlite ok for a website with lots of visiters or should i use a real database server?', [p('whentouse')]],
    ['held-out', 'en', 'how do i open the command line tool and list what tables are in my db file', [p('cli'), p('faq')]],
    ['tune', 'en', "several processes write to my db and i keep getting 'database is locked', what can i do?", [p('faq'), p('wal'), p('lockingv3')]],
    ['held-out', 'en', "how does sqlite store dates when there's no date type?", [p('datatype3'), p('lang_datefunc')]],
    ['tune', 'en', "i declared a column INTEGER but it happily accepted the text 'abc', why doesnt it complain?", [p('datatype3'), p('stricttables'), p('flextypegood'), p('quirks'), p('faq')]],
    ['held-out', 'en', 'can i make a table refuse values of the wrong type like other databases do?', [p('stricttables')]],
    ['tune', 'en', 'how do I rename a column in a table that already exists', [p('lang_altertable'), p('faq')]],
    ['held-out', 'en', 'are foreign keys even checked? mine seem to be ignored completely', [p('foreignkeys'), p('pragma'), p('quirks')]],
    ['tune', 'en', 'how do I get the id of the row I just inserted', [p('lang_corefunc'), p('lang_returning'), p('capi3ref'), p('faq')]],
    ['held-out', 'en', 'how do I get a column that auto increments, and do I need the AUTOINCREMENT keyword for that?', [p('autoinc'), p('faq'), p('rowidtable')]],
    ['tune', 'en', 'how can I search my notes table for words, like full text search', [p('fts5'), p('fts3')]],
    ['held-out', 'en', 'how do i copy a live database to a backup file while the app is still using it', [p('backup'), p('lang_vacuum'), p('cli')]],
    ['tune', 'en', "my database file is way bigger than the data in it, deleting stuff didn't make it smaller", [p('lang_vacuum'), p('faq')]],
    ['held-out', 'en', 'How do I pull a value out of a JSON string stored in a column?', [p('json1')]],
    ['tune', 'en', 'insert a row or update it if it already exists, how do i do that in sqlite?', [p('lang_upsert'), p('lang_insert'), p('lang_conflict'), p('lang_replace')]],
    ['held-out', 'en', 'how do I see whether my query uses an index or scans the whole table?', [p('eqp'), p('lang_explain'), p('queryplanner')]],
    ['tune', 'en', 'inserting 100k rows takes forever, how do I make it go faster?', [p('faq'), p('lang_transaction')]],
    ['held-out', 'en', 'how big can a sqlite database get, and how many columns can one table have?', [p('limits'), p('faq')]],
    ['tune', 'en', 'is it safe to use sqlite from many threads at once?', [p('threadsafe'), p('faq')]],
    ['held-out', 'en', 'can I have a database that only lives in RAM and goes away when I close it', [p('inmemorydb')]],
    ['tune', 'en', 'how do i load a csv file into a tabel', [p('cli'), p('csv')]],
    ['held-out', 'en', 'how do I build sqlite into my C program, which source files do I need?', [p('amalgamation'), p('howtocompile')]],
    ['tune', 'en', 'what kinds of things can corrupt my database file and how do I avoid them?', [p('howtocorrupt')]],
    ['held-out', 'en', 'how do i compute a moving average over the last 7 rows', [p('windowfunctions')]],
    // --- answerable, follow-ups ---
    ['tune', 'en', 'now there are two extra files next to it, is that normal and can I delete them?', [p('wal'), p('tempfiles')], ["I switched my app's database to WAL mode."]],
    ['held-out', 'en', 'how do I keep only the groups whose total is above 1000?', [p('lang_select')], ["I'm writing a query that groups sales by region."]],
    ['tune', 'fr', "comment je fais pour n'en charger que 20 à la fois, page par page ?", [p('lang_select')], ["J'affiche une longue liste de produits tirée de SQLite dans mon appli."]],
    ['held-out', 'de', 'Wie lege ich dafür etwas an, das bei jedem UPDATE automatisch ausgeführt wird?', [p('lang_createtrigger')], ['Ich habe eine Tabelle mit Bestellungen und möchte bei jeder Änderung automatisch einen Protokolleintrag schreiben.']],
    // --- answerable, German / Spanish / French ---
    ['tune', 'de', 'Wie lösche ich eine Spalte aus einer Tabelle?', [p('lang_altertable'), p('faq')]],
    ['held-out', 'de', 'Wie mache ich eine Sicherungskopie meiner Datenbank, während das Programm weiterläuft?', [p('backup'), p('lang_vacuum'), p('cli')]],
    ['tune', 'es', '¿cómo obtengo la fecha y la hora actuales dentro de una consulta?', [p('lang_datefunc')]],
    ['held-out', 'es', '¿SQLite distingue entre mayúsculas y minúsculas cuando comparo texto con LIKE?', [p('lang_expr'), p('pragma'), p('faq')]],
    ['tune', 'fr', 'Comment créer un index sur deux colonnes à la fois ?', [p('lang_createindex'), p('queryplanner')]],
    ['held-out', 'fr', "Quelle est la taille maximale d'une chaîne de texte ou d'un BLOB ?", [p('limits'), p('faq')]],
    ['tune', 'es', '¿cómo activo el modo WAL y para qué sirve?', [p('wal'), p('pragma')]],
    ['held-out', 'es', '¿Cómo uso dos archivos de base de datos distintos en la misma consulta?', [p('lang_attach')]],
    ['tune', 'de', 'Was ist der Unterschied zwischen einer Tabelle mit und ohne ROWID?', [p('withoutrowid'), p('rowidtable')]],
    ['held-out', 'fr', 'Est-ce que mes transactions survivent si le courant est coupé en pleine écriture ?', [p('atomiccommit'), p('transactional')]],
    // --- on topic, not answered by these pages ---
    ['tune', 'en', 'how do I stream my sqlite database to S3 in real time with Litestream?', []],
    ['held-out', 'en', 'how do I use sqlite in my React Native app built with Expo?', []],
    ['tune', 'en', "what's the best ORM for sqlite in python, SQLAlchemy or Peewee?", []],
    ['held-out', 'en', 'how do I set a password so people have to log in before they can open the database file?', []],
    ['tune', 'de', 'Wie installiere ich den DB Browser for SQLite unter Windows?', []],
    ['held-out', 'es', '¿Con qué herramienta migro automáticamente mi base SQLite a MySQL?', []],
    ['tune', 'fr', 'Comment utiliser SQLite avec Entity Framework Core en C# ?', []],
    ['held-out', 'fr', 'Comment synchroniser ma base SQLite avec Firebase ?', []],
    ['held-out', 'en', "how do I look at my app's sqlite tables in Android Studio's database inspector?", []],
    ['tune', 'en', 'how do I save a sql.js database in the browser to IndexedDB?', []],
  ]),
};
