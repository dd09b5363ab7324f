// What Parley e-mails to team members: the invite link and the password-reset link. A member has no
// language setting, so the language is the one the requesting browser prefers (Accept-Language):
// the member's own for a reset, the inviting admin's for an invite (a team usually shares one);
// English when none of these is covered.
import { negotiateLocale } from '../agent/texts.js';
import { renderHtml, renderText, type MailParts } from './render.js';

interface TeamTexts {
  inviteSubject: string;
  inviteBody: string;
  inviteAction: string;
  inviteFooter: string;
  resetSubject: string;
  resetBody: string;
  resetAction: string;
  resetFooter: string;
}

const en: TeamTexts = {
  inviteSubject: 'You are invited to {org} on Parley',
  inviteBody: '{inviter} invited you to join the team of {org} on Parley. Choose your password to finish joining.',
  inviteAction: 'Join the team',
  inviteFooter: 'The link works once and expires in 7 days. If you did not expect this invite, ignore this e-mail.',
  resetSubject: 'Reset your Parley password',
  resetBody: 'Someone asked to reset the password of your Parley account ({email}). Choose a new password with the link below.',
  resetAction: 'Choose a new password',
  resetFooter: 'The link works once and expires in 1 hour. If you did not ask for this, ignore this e-mail: your password stays as it is.',
};

const de: TeamTexts = {
  inviteSubject: 'Einladung zu {org} auf Parley',
  inviteBody: '{inviter} hat Sie in das Team von {org} auf Parley eingeladen. Wählen Sie Ihr Passwort, um beizutreten.',
  inviteAction: 'Dem Team beitreten',
  inviteFooter: 'Der Link funktioniert einmal und läuft in 7 Tagen ab. Wenn Sie diese Einladung nicht erwartet haben, ignorieren Sie diese E-Mail.',
  resetSubject: 'Parley-Passwort zurücksetzen',
  resetBody: 'Jemand hat das Zurücksetzen des Passworts Ihres Parley-Kontos ({email}) angefordert. Wählen Sie über den Link unten ein neues Passwort.',
  resetAction: 'Neues Passwort wählen',
  resetFooter: 'Der Link funktioniert einmal und läuft in 1 Stunde ab. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
};

const fr: TeamTexts = {
  inviteSubject: 'Invitation à rejoindre {org} sur Parley',
  inviteBody: '{inviter} vous invite à rejoindre l’équipe de {org} sur Parley. Choisissez votre mot de passe pour terminer.',
  inviteAction: 'Rejoindre l’équipe',
  inviteFooter: 'Le lien ne fonctionne qu’une fois et expire dans 7 jours. Si vous n’attendiez pas cette invitation, ignorez cet e-mail.',
  resetSubject: 'Réinitialiser votre mot de passe Parley',
  resetBody: 'Une réinitialisation du mot de passe de votre compte Parley ({email}) a été demandée. Choisissez un nouveau mot de passe avec le lien ci-dessous.',
  resetAction: 'Choisir un nouveau mot de passe',
  resetFooter: 'Le lien ne fonctionne qu’une fois et expire dans 1 heure. Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
};

const es: TeamTexts = {
  inviteSubject: 'Invitación a {org} en Parley',
  inviteBody: '{inviter} te ha invitado a unirte al equipo de {org} en Parley. Elige tu contraseña para terminar.',
  inviteAction: 'Unirme al equipo',
  inviteFooter: 'El enlace funciona una sola vez y caduca en 7 días. Si no esperabas esta invitación, ignora este correo.',
  resetSubject: 'Restablece tu contraseña de Parley',
  resetBody: 'Alguien ha pedido restablecer la contraseña de tu cuenta de Parley ({email}). Elige una contraseña nueva con el enlace de abajo.',
  resetAction: 'Elegir una contraseña nueva',
  resetFooter: 'El enlace funciona una sola vez y caduca en 1 hora. Si no lo has pedido tú, ignora este correo: tu contraseña no cambia.',
};

const TEXTS: Record<string, TeamTexts> = { en, de, fr, es };

/** The team language for an Accept-Language header (`de-CH,de;q=0.9,en;q=0.8`), English by default. */
export function teamLanguage(acceptLanguage: string | undefined): string {
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? 1);
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0 };
    })
    .filter((t) => t.tag && t.tag !== '*' && t.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((t) => t.tag);
  return negotiateLocale(tags, Object.keys(TEXTS)) ?? 'en';
}

const fill = (s: string, vars: Record<string, string>) => s.replace(/\{(\w+)\}/g, (w, k: string) => vars[k] ?? w);

function message(language: string, subject: string, parts: Omit<MailParts, 'language'>) {
  const p = { language, ...parts };
  return { subject, text: renderText(p), html: renderHtml(p), language };
}

export function inviteMail(language: string, vars: { org: string; inviter: string; url: string }) {
  const t = TEXTS[language] ?? en;
  return message(language, fill(t.inviteSubject, vars), {
    paragraphs: [fill(t.inviteBody, vars)],
    action: { label: t.inviteAction, url: vars.url },
    footer: [t.inviteFooter],
  });
}

export function resetMail(language: string, vars: { email: string; url: string }) {
  const t = TEXTS[language] ?? en;
  return message(language, t.resetSubject, {
    paragraphs: [fill(t.resetBody, vars)],
    action: { label: t.resetAction, url: vars.url },
    footer: [t.resetFooter],
  });
}
