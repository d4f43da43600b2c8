import type { Locale } from '@domain/locales';

/**
 * Why a form's consent text says more when the workspace links visitors to contacts (issue 32 §2): the
 * server appends this, in the form's language, to the consent text the visitor reads, and stores the
 * whole as what was shown. The visitor's page has no catalog, so the sentence carries its own languages.
 */
export const visitorLinkNotice: Record<Locale, string> = {
  en: 'We link the pages you viewed on this site today to your details.',
  es: 'Vinculamos a tus datos las páginas de este sitio que has visto hoy.',
  fr: 'Nous associons à vos coordonnées les pages de ce site que vous avez consultées aujourd’hui.',
  de: 'Wir verknüpfen die Seiten, die Sie heute auf dieser Website angesehen haben, mit Ihren Angaben.',
  'pt-BR': 'Vinculamos aos seus dados as páginas deste site que você visitou hoje.',
  it: 'Colleghiamo ai tuoi dati le pagine di questo sito che hai visitato oggi.',
  nl: 'We koppelen de pagina’s die je vandaag op deze site hebt bekeken aan je gegevens.',
  pl: 'Łączymy strony tej witryny, które dziś odwiedziłeś, z Twoimi danymi.',
  ja: '本日このサイトで閲覧したページをお客様の情報に関連付けます。',
  'zh-CN': '我们会将您今天在本网站浏览过的页面与您的信息关联。',
  ar: 'نربط الصفحات التي شاهدتها اليوم على هذا الموقع ببياناتك.',
};

/** The consent text as the visitor reads it: the form's own, and the notice when visits are linked. */
export function shownConsentText(text: string, locale: Locale, linksVisitors: boolean): string {
  return linksVisitors ? `${text} ${visitorLinkNotice[locale]}` : text;
}
