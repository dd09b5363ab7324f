// Python 3.11's tutorial, HOWTOs and FAQ (Debian package python3.11-doc), as a visitor would ask
// about them. Written from the pages before any eval run on them; see docs/eval.md.
import { numbered, type DocSet } from './types.js';

const T = (p: string) => `tutorial/${p}.html`;
const H = (p: string) => `howto/${p}.html`;
const F = (p: string) => `faq/${p}.html`;

export const PYTHON: DocSet = {
  name: 'python',
  root: '/usr/share/doc/python3.11/html',
  include: (path) => /^(tutorial|howto|faq)\/[^/]+\.html$/.test(path),
  questions: numbered('py', [
    // --- answerable, English ---
    ['tune', 'en', "how do i make an isolated enviroment so my project's packages dont clash with my other projects?", [T('venv')]],
    ['held-out', 'en', 'whats the trick to get both the whole part and the leftover when dividing two numbers', [T('introduction'), F('programming')]],
    ['tune', 'en', 'Why does 0.1 + 0.2 not come out as exactly 0.3??', [T('floatingpoint'), F('design')]],
    ['held-out', 'en', 'I want my script to do something different when I run it directly vs when someone imports it from another file', [T('modules'), F('programming')]],
    ['tune', 'en', 'how can my program read the flags and options people type after the script name in the terminal?', [H('argparse'), T('stdlib')]],
    ['held-out', 'en', 'how do i sort a list of dicts by one of the keys', [H('sorting')]],
    ['tune', 'en', "my log messages below warning don't show up at all, how do I get the info ones to appear?", [H('logging')]],
    ['held-out', 'en', 'can I send my logs to a file and to the console at the same time but with different levels?', [H('logging-cookbook'), H('logging')]],
    ['tune', 'en', 'whats the diffrence between a list and a tuple, when should I pick which one', [T('datastructures'), F('design')]],
    ['held-out', 'en', 'How do I download a web page from a URL with plain python, no extra libraries?', [H('urllib2')]],
    ['tune', 'en', 'how can I find things that look like email addresses in a text and pull out the parts before and after the @', [H('regex')]],
    ['held-out', 'en', "what's a good way to write a tiny TCP client and server talking to each other", [H('sockets')]],
    ['tune', 'en', "I keep getting UnicodeDecodeError when I open a file, what's an encoding anyway?", [H('unicode')]],
    ['held-out', 'en', 'how do I define a fixed set of named constants like RED GREEN BLUE', [H('enum')]],
    ['tune', 'en', 'why does the empty list I use as a default argument keep growing every time I call my function??', [F('programming'), T('controlflow')]],
    ['held-out', 'en', 'how do I catch an error and still run some clean-up code no matter what happened', [T('errors')]],
    ['tune', 'en', 'How to write stuff to a text file and be sure it gets closed properly', [T('inputoutput'), T('errors')]],
    ['held-out', 'en', 'can I dump a dictionary to disk as json and load it back later?', [T('inputoutput')]],
    ['tune', 'en', 'is there a way to build a full-screen text interface in the terminal with windows and colours', [H('curses')]],
    ['held-out', 'en', 'how do properties actually work under the hood, that __get__ thing', [H('descriptor')]],
    ['tune', 'en', 'what are generators and how are they different from just returning a list', [H('functional'), T('classes')]],
    ['held-out', 'en', 'how do I check whether an IP address falls inside some network range like 10.0.0.0/8', [H('ipaddress')]],
    ['tune', 'en', 'how can I turn my script into a standalone program people can run without installing python', [F('programming'), F('windows')]],
    // --- answerable, follow-ups ---
    ['tune', 'en', 'ok, and how do I make one of them inherit from another one?', [T('classes')], ["I'm learning how classes work in Python."]],
    ['held-out', 'en', 'and how do I get the time printed at the start of every line?', [H('logging')], ['I set up logging in my app with basicConfig.']],
    ['tune', 'fr', 'et comment je fais pour que ça ignore les majuscules et les minuscules ?', [H('regex')], ["J'utilise des expressions régulières en Python pour chercher des mots."]],
    ['held-out', 'de', 'Wie speichere ich jetzt die Liste der installierten Pakete, damit ein Kollege genau dieselben bekommt?', [T('venv')], ['Ich habe gerade eine virtuelle Umgebung angelegt und ein paar Pakete installiert.']],
    // --- answerable, German / Spanish / French ---
    ['tune', 'de', 'Wie kann ich eine Liste in Python absteigend sortieren, also vom größten zum kleinsten?', [H('sorting'), T('datastructures')]],
    ['held-out', 'de', 'Warum ergibt 1.1 + 2.2 bei mir nicht genau 3.3?', [T('floatingpoint'), F('design')]],
    ['tune', 'es', '¿cómo hago un bucle que recorra una lista y que también me dé la posición de cada elemento?', [T('datastructures'), T('controlflow'), H('functional')]],
    ['held-out', 'es', '¿Cómo creo un entorno aislado para las dependencias de mi proyecto?', [T('venv')]],
    ['tune', 'fr', 'Comment lire un fichier ligne par ligne en python ?', [T('inputoutput')]],
    ['held-out', 'fr', "comment attraper une exception et afficher le message d'erreur ?", [T('errors')]],
    ['tune', 'es', 'quiero que los mensajes de log se guarden en un archivo en vez de salir por pantalla', [H('logging'), H('logging-cookbook')]],
    ['held-out', 'de', 'Wie lade ich eine Webseite mit urllib herunter und schicke dabei einen eigenen User-Agent mit?', [H('urllib2')]],
    ['held-out', 'fr', "Pourquoi Python utilise l'indentation au lieu des accolades pour les blocs ?", [F('design')]],
    ['tune', 'es', '¿Para qué sirve el bloque else después de un for? nunca lo entendí', [T('controlflow')]],
    // --- on topic, not answered by these pages ---
    ['tune', 'en', 'how do I run a bunch of coroutines at once with asyncio.gather and cancel the rest when one fails?', []],
    ['held-out', 'en', 'when exactly is python 3.11 going to stop getting security fixes?', []],
    ['tune', 'en', 'whats the step by step to publish my package on PyPI with twine?', []],
    ['held-out', 'en', 'how do I type-hint a decorator so it keeps the wrapped function\'s parameters (ParamSpec)?', []],
    ['tune', 'de', 'Wie lese ich mit Python eine Excel-Datei (.xlsx) ein?', []],
    ['held-out', 'es', '¿Cómo programo una tarea para que mi script se ejecute todos los días a las 8 de la mañana?', []],
    ['tune', 'fr', 'Comment mesurer la mémoire utilisée par chaque ligne de mon script ?', []],
    ['held-out', 'en', 'how do I connect to a MongoDB database from python and insert a document?', []],
    ['held-out', 'de', 'Wie installiere ich Python 3.12 auf Ubuntu 20.04 neben der System-Version?', []],
    ['tune', 'en', 'can I make a mobile app for Android in Python with these docs?', []],
  ]),
};
