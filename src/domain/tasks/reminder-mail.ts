import type { Locale } from '../locales.js';
import { formatServerMessage } from '../messages.js';

/**
 * The task reminder mail in each shipped language. The server has no message catalogs (the client's are
 * built into its bundle), so the one mail it writes in its reader's language carries its own words here;
 * a unit test keeps every language's placeholders the same as English's.
 */
export const reminderMailTemplates: Record<
  Locale,
  { subject: string; greeting: string; body: string; due: string; noDue: string; open: string }
> = {
  en: {
    subject: 'Reminder: {title}',
    greeting: 'Hello {name},',
    body: 'This is a reminder of your task “{title}”.',
    due: 'Due: {due}',
    noDue: 'It has no due date.',
    open: 'Open your tasks: {link}',
  },
  es: {
    subject: 'Recordatorio: {title}',
    greeting: 'Hola, {name}:',
    body: 'Este es un recordatorio de tu tarea «{title}».',
    due: 'Vence: {due}',
    noDue: 'No tiene fecha de vencimiento.',
    open: 'Abre tus tareas: {link}',
  },
  fr: {
    subject: 'Rappel : {title}',
    greeting: 'Bonjour {name},',
    body: 'Ceci est un rappel de votre tâche « {title} ».',
    due: 'Échéance : {due}',
    noDue: 'Elle n’a pas d’échéance.',
    open: 'Ouvrir vos tâches : {link}',
  },
  de: {
    subject: 'Erinnerung: {title}',
    greeting: 'Hallo {name},',
    body: 'Dies ist eine Erinnerung an Ihre Aufgabe „{title}“.',
    due: 'Fällig: {due}',
    noDue: 'Sie hat kein Fälligkeitsdatum.',
    open: 'Ihre Aufgaben öffnen: {link}',
  },
  'pt-BR': {
    subject: 'Lembrete: {title}',
    greeting: 'Olá, {name},',
    body: 'Este é um lembrete da sua tarefa “{title}”.',
    due: 'Prazo: {due}',
    noDue: 'Ela não tem prazo.',
    open: 'Abra suas tarefas: {link}',
  },
  it: {
    subject: 'Promemoria: {title}',
    greeting: 'Ciao {name},',
    body: 'Questo è un promemoria della tua attività “{title}”.',
    due: 'Scadenza: {due}',
    noDue: 'Non ha una scadenza.',
    open: 'Apri le tue attività: {link}',
  },
  nl: {
    subject: 'Herinnering: {title}',
    greeting: 'Hallo {name},',
    body: 'Dit is een herinnering aan je taak ‘{title}’.',
    due: 'Vervalt: {due}',
    noDue: 'Er is geen vervaldatum.',
    open: 'Open je taken: {link}',
  },
  pl: {
    subject: 'Przypomnienie: {title}',
    greeting: 'Dzień dobry {name},',
    body: 'To przypomnienie o Twoim zadaniu „{title}”.',
    due: 'Termin: {due}',
    noDue: 'Nie ma terminu.',
    open: 'Otwórz swoje zadania: {link}',
  },
  ja: {
    subject: 'リマインダー: {title}',
    greeting: '{name} さん',
    body: 'タスク「{title}」のリマインダーです。',
    due: '期限: {due}',
    noDue: '期限は設定されていません。',
    open: 'タスクを開く: {link}',
  },
  'zh-CN': {
    subject: '提醒：{title}',
    greeting: '{name}，您好：',
    body: '这是您的任务“{title}”的提醒。',
    due: '截止时间：{due}',
    noDue: '此任务没有截止日期。',
    open: '打开您的任务：{link}',
  },
  ar: {
    subject: 'تذكير: {title}',
    greeting: 'مرحبًا {name}،',
    body: 'هذا تذكير بمهمتك «{title}».',
    due: 'موعد الاستحقاق: {due}',
    noDue: 'ليس لها موعد استحقاق.',
    open: 'افتح مهامك: {link}',
  },
};

/** The reminder of one task in `locale`; times are written in UTC, the one time zone the server knows of a member. */
export function reminderMail(
  locale: Locale,
  task: { title: string; dueAt: Date | null },
  reader: { name: string; link: string },
): { subject: string; text: string } {
  const words = reminderMailTemplates[locale];
  const due = task.dueAt
    ? new Intl.DateTimeFormat(locale, {
        dateStyle: 'full',
        timeStyle: 'short',
        timeZone: 'UTC',
      }).format(task.dueAt)
    : '';
  const values = { title: task.title, name: reader.name, due: `${due} (UTC)`, link: reader.link };
  return {
    subject: formatServerMessage(words.subject, values),
    text: [
      formatServerMessage(words.greeting, values),
      '',
      formatServerMessage(words.body, values),
      task.dueAt ? formatServerMessage(words.due, values) : words.noDue,
      '',
      formatServerMessage(words.open, values),
    ].join('\n'),
  };
}
