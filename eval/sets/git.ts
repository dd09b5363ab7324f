// Git's HTML manual pages and guides (Debian package git-doc), as a visitor would ask about them.
// Written from the pages before any eval run on them; see docs/eval.md. user-manual.html is left
// out: one 270 KB page repeating the manual pages would make every page judgement ambiguous.
import { numbered, type DocSet } from './types.js';

const g = (cmd: string) => `git-${cmd}.html`;
const FAQ = 'gitfaq.html';

export const GIT: DocSet = {
  name: 'git',
  root: '/usr/share/doc/git-doc',
  include: (path) => /^[^/]+\.html$/.test(path) && path !== 'user-manual.html',
  questions: numbered('git', [
    // --- answerable, English ---
    ['tune', 'en', "i typo'd the message on my last commit, can i fix it without making a brand new commit?", [g('commit'), FAQ]],
    ['held-out', 'en', 'how do i throw away what i changed in one file and get it back the way it was?', [g('restore'), g('checkout')]],
    ['tune', 'en', 'I want to put my half-done work aside for a bit, switch to another branch, and come back to it later', [g('stash')]],
    ['held-out', 'en', 'how can i see who last touched each line of a file', [g('blame'), g('annotate')]],
    ['tune', 'en', "there's a bug somewhere in the last 200 commits, how do I find the one that introduced it without checking them all by hand", [g('bisect'), g('bisect-lk2009')]],
    ['held-out', 'en', 'how do I make git stop tracking my build folder and never show it as changed again', ['gitignore.html', FAQ, g('rm')]],
    ['tune', 'en', "what's the difference between fetch and pull, which one am I supposed to use?", [FAQ, g('pull'), g('fetch')]],
    ['held-out', 'en', 'how do I grab one single commit from another branch and put it on mine', [g('cherry-pick')]],
    ['tune', 'en', 'how can i squish my last few commmits into one before i push', [g('rebase')]],
    ['held-out', 'en', 'I pushed a commit with a bug to main, how do I undo it without rewriting history for everyone?', [g('revert'), FAQ]],
    ['tune', 'en', 'can I have two branches checked out at the same time in different folders?', [g('worktree')]],
    ['held-out', 'en', 'how do i download just the latest version of a huge repo without pulling its whole history', [g('clone')]],
    ['tune', 'en', 'how do i make git open nano instead of vim for commit messages', [FAQ, g('config'), g('var'), g('commit')]],
    ['held-out', 'en', 'git keeps asking for my password every time i push over https, can it remember it?', ['gitcredentials.html', g('credential-cache'), g('credential-store'), FAQ]],
    ['tune', 'en', 'how do I mark a commit as the 2.0 release so I can find it later?', [g('tag')]],
    ['held-out', 'en', 'I accidentally reset my branch and lost some commits, is there any way to get them back??', [g('reflog'), 'gitrevisions.html']],
    ['tune', 'en', 'how do i include another project inside mine as a subfolder and keep it pinned to a version', [g('submodule'), 'gitsubmodules.html', 'gitmodules.html']],
    ['held-out', 'en', 'how can I run a script automatically before each commit to check the formatting?', ['githooks.html']],
    ['tune', 'en', 'how do i serach all the code in the repo for a word', [g('grep')]],
    ['held-out', 'en', 'how do I make a zip of the project as it was at a given tag, without the .git folder', [g('archive')]],
    ['tune', 'en', "on windows my diffs show ^M at the end of every line, what's going on?", [FAQ, 'gitattributes.html', g('config')]],
    ['held-out', 'en', 'how do I get only a couple of directories of a giant monorepo on disk', [g('sparse-checkout')]],
    ['tune', 'en', 'how to delete a branch on the remote server, not just locally', [g('push')]],
    ['held-out', 'en', 'how can i see the history compact, one line per commit, with the branch graph drawn', [g('log')]],
    // --- answerable, follow-ups ---
    ['tune', 'en', 'it says there are conflicts, how do I fix them and finish?', [g('merge'), g('mergetool'), 'gittutorial.html'], ["I'm trying to merge my feature branch into main."]],
    ['held-out', 'en', 'how do I send it up to the server so the others can see it?', [g('push')], ['I made a new branch locally called feature-x and committed to it.']],
    ['tune', 'es', '¿cómo lo paso a la rama correcta?', [g('cherry-pick'), g('reset')], ['Acabo de hacer un commit en la rama equivocada.']],
    ['held-out', 'fr', 'comment je le retire du dépôt sans le supprimer de mon disque ?', [g('rm'), FAQ], ["J'ai commité par erreur un fichier de config avec mon mot de passe."]],
    // --- answerable, German / Spanish / French ---
    ['tune', 'de', 'Wie ändere ich den Namen und die E-Mail-Adresse, die in meinen Commits stehen?', [FAQ, g('config'), g('commit'), 'gittutorial.html']],
    ['held-out', 'de', 'Wie sehe ich, welche Dateien ich geändert, aber noch nicht committet habe?', [g('status'), g('diff')]],
    ['tune', 'es', '¿Cómo le cambio el nombre a una rama local?', [g('branch')]],
    ['held-out', 'es', '¿cómo veo las diferencias entre dos ramas?', [g('diff')]],
    ['tune', 'fr', 'Comment annuler le dernier commit mais garder mes modifications dans les fichiers ?', [g('reset')]],
    ['held-out', 'fr', "Comment ajouter un deuxième dépôt distant, genre le fork d'un collègue ?", [g('remote')]],
    ['tune', 'de', 'Wie lösche ich alle nicht versionierten Dateien aus meinem Arbeitsverzeichnis?', [g('clean')]],
    ['held-out', 'es', '¿Cómo pongo una etiqueta firmada con GPG a una versión?', [g('tag')]],
    ['tune', 'fr', "comment voir l'historique des modifs d'un seul fichier ?", [g('log')]],
    ['held-out', 'de', 'Ich habe zwei Konten beim selben Hoster, wie nutze ich beide per SSH auf einem Rechner?', [FAQ]],
    // --- on topic, not answered by these pages ---
    ['tune', 'en', 'how do I open a pull request on GitHub from the terminal with the gh tool?', []],
    ['held-out', 'en', 'how do I set up Git LFS for the big video files in my repo?', []],
    ['tune', 'en', "what's the maximum repository size GitHub allows before it complains?", []],
    ['held-out', 'en', 'how do I configure GitLab CI to run my tests on every push?', []],
    ['tune', 'de', 'Wie migriere ich ein Mercurial-Repository mitsamt Historie nach Git?', []],
    ['held-out', 'es', '¿Cómo recupero la contraseña de mi cuenta de GitHub?', []],
    ['tune', 'fr', 'Comment installer Git sur un Mac avec Homebrew ?', []],
    ['held-out', 'en', "what's the keyboard shortcut to stage a single hunk in VS Code's source control panel?", []],
    ['held-out', 'de', 'Wie viel kostet ein privates Repository bei Bitbucket für ein Team von zehn Leuten?', []],
    ['tune', 'en', 'how do I get GitHub to email me whenever someone pushes to main?', []],
  ]),
};
