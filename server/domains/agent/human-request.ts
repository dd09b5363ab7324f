// Plain-words requests for a person (docs/operators.md "Handover"): "I would like to
// talk to a human, please." must reach the team, not the FAQ page that mentions humans. Checked before
// retrieval (runtime.ts), in the eight languages Parley speaks (en, de, es, fr, it, pt, nl, ar), with
// common typos. Deterministic and cheap: a word list per role, a small edit distance, a window.
//
// The rule, per message:
//   - a word that means a person of the team ("human", "agent", "Mitarbeiter", "conseiller", "موظف")
//     within a few words of a request ("talk", "want", "please", "sprechen", "quisiera"), or alone in
//     a very short message ("human please", "Mitarbeiter!");
//   - a word that only may mean one ("person", "someone", "jemand", "alguien") only next to a verb of
//     talking ("speak to someone", "mit jemandem sprechen"); "a real person" counts as the former.
// Talking *about* something ("talk about the agent SDK", "parler de…") is no request, nor an "AI
// agent" or a "user agent", nor a question to the bot ("are you human?").

/** A person of the team. */
const STRONG = [
  // en
  'human', 'humans', 'agent', 'agents', 'representative', 'rep', 'operator', 'employee', 'staffer',
  // de
  'mensch', 'menschen', 'menschlichen', 'mitarbeiter', 'mitarbeiterin', 'mitarbeitenden', 'kundenberater', 'berater', 'beraterin', 'kundendienst', 'kundenservice', 'sachbearbeiter',
  // es
  'humano', 'humana', 'agente', 'representante', 'operador', 'operadora', 'asesor', 'asesora', 'empleado', 'ejecutivo',
  // fr
  'humain', 'humaine', 'conseiller', 'conseillere', 'operateur', 'operatrice', 'representant', 'employe',
  // it
  'umano', 'operatore', 'consulente', 'addetto', 'dipendente', 'rappresentante',
  // pt
  'atendente', 'consultor', 'funcionario',
  // nl
  'mens', 'medewerker', 'medewerkster', 'vertegenwoordiger', 'klantenservice',
];

/** Maybe a person of the team: only next to a verb of talking. */
const WEAK = [
  'person', 'someone', 'somebody', 'people', 'staff', 'support',
  'person', 'personen', 'jemand', 'jemandem', 'jemanden',
  'persona', 'alguien',
  'personne', 'quelqu', 'quelquun',
  'qualcuno',
  'pessoa', 'alguem',
  'persoon', 'iemand',
];

/** "real", "live": makes a maybe-person a person ("a real person", "persona real"). */
const REAL = ['real', 'live', 'actual', 'echt', 'echte', 'echten', 'echter', 'wirklichen', 'verdadera', 'verdadero', 'vraie', 'vrai', 'reelle', 'vera', 'vero', 'reale', 'verdadeira'];

/** Verbs of talking and being put through. */
const TALK = [
  'talk', 'speak', 'chat', 'connect', 'transfer', 'contact', 'reach', 'escalate',
  'sprechen', 'reden', 'chatten', 'verbinden', 'verbunden', 'weiterleiten', 'kontaktieren', 'erreichen',
  'hablar', 'hable', 'comunicar', 'comunicarme', 'contactar', 'conectar', 'conectarme', 'transferir', 'pasame', 'chatear',
  'parler', 'discuter', 'contacter', 'joindre', 'transferer', 'relation',
  'parlare', 'contattare', 'chattare', 'collegare', 'collegarmi', 'contatto', 'trasferire',
  'falar', 'conversar', 'contatar', 'contactar',
  'praten', 'spreken', 'doorverbinden', 'verbind',
];

/** Asking for something. */
const WANT = [
  'want', 'need', 'like', 'prefer', 'please', 'pls', 'plz', 'give', 'get', 'request',
  'mochte', 'moechte', 'will', 'brauche', 'bitte', 'gerne', 'gern', 'hatte',
  'quiero', 'quisiera', 'necesito', 'gustaria', 'favor', 'dame',
  'veux', 'voudrais', 'souhaite', 'souhaiterais', 'besoin', 'plait',
  'voglio', 'vorrei', 'bisogno', 'favore',
  'quero', 'queria', 'gostaria', 'preciso',
  'wil', 'graag', 'nodig', 'alsjeblieft', 'alstublieft',
];

/** "talk about …": a topic follows, not a person. */
const ABOUT = new Set(['about', 'regarding', 'uber', 'ueber', 'sobre', 'acerca', 'de', 'du', 'des', 'di', 'del', 'della', 'over']);
/** "AI agent", "user agent": not a person. */
const NOT_A_PERSON = new Set(['ai', 'ki', 'ia', 'user', 'software', 'travel', 'estate', 'bot', 'virtual', 'virtueller', 'virtuel', 'virtual', 'virtuale']);
/** A short message to "you" asks the bot something ("are you human?"). */
const YOU = new Set(['you', 'u', 'du', 'sie', 'tu', 'usted', 'vous', 'voi', 'lei', 'voce', 'jij', 'je', 'u']);

// Arabic: stems matched inside the (normalised) text, since prefixes join words (ال، ب، ل، و).
const AR_STRONG = ['انسان', 'بشري', 'موظف', 'وكيل', 'ممثل', 'مندوب', 'خدمه العملاء', 'شخص حقيقي', 'اشخاص حقيقيين'];
const AR_WEAK = ['شخص', 'احد'];
const AR_TALK = ['تحدث', 'كلم', 'محادث', 'تواصل', 'حولني', 'تحويل', 'اوصلني', 'وصلني'];
const AR_WANT = ['اريد', 'اود', 'ابغي', 'ابي', 'عايز', 'ممكن', 'من فضلك', 'لو سمحت', 'احتاج'];

function normalise(text: string): string {
  return text
    .slice(0, 500)
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[أإآ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/ـ/g, '');
}

/**
 * Damerau–Levenshtein distance (optimal string alignment), stopping early above `max`. Three rows
 * (the swap looks two back), reused between calls: every token of every message meets several words.
 */
let rows: Int32Array[] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (rows[0]!.length <= b.length) rows = rows.map(() => new Int32Array(b.length * 2 + 1));
  let [before, prev, cur] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, before[j - 2]! + 1);
      cur[j] = v;
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
    [before, prev, cur] = [prev, cur, before];
  }
  return prev[b.length]!;
}

/** Typos allowed: none up to 3 letters, one from 4 (a swapped pair counts once), two from 8. */
const allowed = (word: string) => (word.length <= 3 ? 0 : word.length < 8 ? 1 : 2);

/** Real words one letter away from a listed one ("parley" is not "parler"). */
const NO_TYPO = new Set(['parley', 'walk', 'tall', 'task', 'life', 'bike', 'seed', 'feed', 'wait', 'gets', 'geht', 'personal']);

/**
 * A word list as `matches` reads it: a set for the exact look-up and the words by first letter, the
 * only ones a typo may be measured against (every visitor message is checked, token by token).
 */
interface WordList {
  exact: ReadonlySet<string>;
  byInitial: ReadonlyMap<string, readonly string[]>;
}

function wordList(words: readonly string[]): WordList {
  const byInitial = new Map<string, string[]>();
  for (const w of words) byInitial.set(w[0]!, [...(byInitial.get(w[0]!) ?? []), w]);
  return { exact: new Set(words), byInitial };
}

function matches(token: string, words: WordList): boolean {
  if (words.exact.has(token)) return true;
  if (NO_TYPO.has(token)) return false;
  for (const w of words.byInitial.get(token[0]!) ?? []) {
    const max = Math.min(allowed(w), allowed(token));
    if (max > 0 && distance(token, w, max) <= max) return true;
  }
  return false;
}

const LISTS = { talk: wordList(TALK), want: wordList(WANT), real: wordList(REAL), weak: wordList(WEAK), strong: wordList(STRONG) };

const near = (a: number[], b: number[], window = 5) => a.some((i) => b.some((j) => Math.abs(i - j) <= window));

function latin(text: string): boolean {
  const tokens = text.match(/\p{L}+/gu) ?? [];
  const at = (words: WordList, skip?: (i: number) => boolean) =>
    tokens.flatMap((t, i) => (!skip?.(i) && matches(t, words) ? [i] : []));
  const talk = at(LISTS.talk, (i) => ABOUT.has(tokens[i + 1] ?? ''));
  const want = at(LISTS.want);
  const real = at(LISTS.real);
  const weak = at(LISTS.weak);
  const strong = [
    ...at(LISTS.strong, (i) => NOT_A_PERSON.has(tokens[i - 1] ?? '')),
    // "a real person", "persona real", "une vraie personne"
    ...weak.filter((i) => real.some((r) => Math.abs(r - i) === 1)),
  ];
  if (strong.length > 0 && tokens.length <= 3 && !tokens.some((t) => YOU.has(t))) return true;
  return near(strong, [...talk, ...want]) || near(weak, talk, 4);
}

function arabic(text: string): boolean {
  const has = (stems: readonly string[]) => stems.some((s) => text.includes(s));
  const short = (text.match(/\p{L}+/gu) ?? []).length <= 3;
  return (has(AR_STRONG) && (has(AR_TALK) || has(AR_WANT) || short)) || (has(AR_WEAK) && has(AR_TALK));
}

/** Whether the visitor's message asks to talk to a person of the team. */
export function asksForHuman(message: string): boolean {
  const text = normalise(message);
  return latin(text) || (/\p{Script=Arabic}/u.test(text) && arabic(text));
}
