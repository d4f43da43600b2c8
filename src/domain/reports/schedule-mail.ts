import type { Locale } from '../locales.js';

/**
 * The words of a scheduled report's mail and of an outside address's confirmation mail, in each shipped
 * language. The server has no message catalogs (the client's are built into its bundle), so the mails it
 * writes in the reader's language carry their own words here, as the task reminder does.
 */
export interface ScheduleMailWords {
  subject: string;
  intro: string;
  attached: string;
  total: string;
  none: string;
  unsubscribe: string;
  confirmSubject: string;
  confirmBody: string;
  confirmIgnore: string;
}

export const scheduleMailWords: Record<Locale, ScheduleMailWords> = {
  en: {
    subject: 'Scheduled report: {name}',
    intro: '“{name}” as of {date}.',
    attached: 'The attached PDF has the same figures, with charts.',
    total: 'Total',
    none: '(none)',
    unsubscribe: 'Unsubscribe from this report',
    confirmSubject: 'Confirm that you want to receive “{name}”',
    confirmBody: 'This address was added to receive the report “{name}” by email. To confirm, open: {link}',
    confirmIgnore: 'If you did not expect this, ignore this mail: nothing will be sent to you.',
  },
  es: {
    subject: 'Informe programado: {name}',
    intro: '«{name}» a fecha de {date}.',
    attached: 'El PDF adjunto tiene las mismas cifras, con gráficos.',
    total: 'Total',
    none: '(ninguno)',
    unsubscribe: 'Darse de baja de este informe',
    confirmSubject: 'Confirma que quieres recibir «{name}»',
    confirmBody:
      'Esta dirección se añadió para recibir el informe «{name}» por correo. Para confirmar, abre: {link}',
    confirmIgnore: 'Si no lo esperabas, ignora este correo: no se te enviará nada.',
  },
  fr: {
    subject: 'Rapport programmé : {name}',
    intro: '« {name} » au {date}.',
    attached: 'Le PDF joint contient les mêmes chiffres, avec des graphiques.',
    total: 'Total',
    none: '(aucun)',
    unsubscribe: 'Se désabonner de ce rapport',
    confirmSubject: 'Confirmez que vous voulez recevoir « {name} »',
    confirmBody:
      'Cette adresse a été ajoutée pour recevoir le rapport « {name} » par e-mail. Pour confirmer, ouvrez : {link}',
    confirmIgnore: 'Si vous ne vous y attendiez pas, ignorez ce message : rien ne vous sera envoyé.',
  },
  de: {
    subject: 'Geplanter Bericht: {name}',
    intro: '„{name}“ mit Stand {date}.',
    attached: 'Das angehängte PDF enthält dieselben Zahlen, mit Diagrammen.',
    total: 'Gesamt',
    none: '(keine)',
    unsubscribe: 'Diesen Bericht abbestellen',
    confirmSubject: 'Bestätigen Sie, dass Sie „{name}“ erhalten möchten',
    confirmBody:
      'Diese Adresse wurde hinzugefügt, um den Bericht „{name}“ per E-Mail zu erhalten. Zum Bestätigen öffnen Sie: {link}',
    confirmIgnore:
      'Wenn Sie das nicht erwartet haben, ignorieren Sie diese E-Mail: Ihnen wird nichts gesendet.',
  },
  'pt-BR': {
    subject: 'Relatório agendado: {name}',
    intro: '“{name}” em {date}.',
    attached: 'O PDF anexo tem os mesmos números, com gráficos.',
    total: 'Total',
    none: '(nenhum)',
    unsubscribe: 'Cancelar a inscrição neste relatório',
    confirmSubject: 'Confirme que deseja receber “{name}”',
    confirmBody:
      'Este endereço foi adicionado para receber o relatório “{name}” por e-mail. Para confirmar, abra: {link}',
    confirmIgnore: 'Se você não esperava isto, ignore este e-mail: nada será enviado a você.',
  },
  it: {
    subject: 'Report programmato: {name}',
    intro: '“{name}” al {date}.',
    attached: 'Il PDF allegato contiene le stesse cifre, con i grafici.',
    total: 'Totale',
    none: '(nessuno)',
    unsubscribe: 'Annulla l’iscrizione a questo report',
    confirmSubject: 'Conferma di voler ricevere “{name}”',
    confirmBody:
      'Questo indirizzo è stato aggiunto per ricevere il report “{name}” via email. Per confermare, apri: {link}',
    confirmIgnore: 'Se non te lo aspettavi, ignora questa email: non ti verrà inviato nulla.',
  },
  nl: {
    subject: 'Gepland rapport: {name}',
    intro: '‘{name}’ per {date}.',
    attached: 'De bijgevoegde pdf bevat dezelfde cijfers, met grafieken.',
    total: 'Totaal',
    none: '(geen)',
    unsubscribe: 'Afmelden voor dit rapport',
    confirmSubject: 'Bevestig dat je ‘{name}’ wilt ontvangen',
    confirmBody:
      'Dit adres is toegevoegd om het rapport ‘{name}’ per e-mail te ontvangen. Open om te bevestigen: {link}',
    confirmIgnore: 'Verwachtte je dit niet, negeer deze e-mail dan: er wordt je niets gestuurd.',
  },
  pl: {
    subject: 'Zaplanowany raport: {name}',
    intro: '„{name}” na dzień {date}.',
    attached: 'Załączony PDF zawiera te same liczby z wykresami.',
    total: 'Razem',
    none: '(brak)',
    unsubscribe: 'Wypisz się z tego raportu',
    confirmSubject: 'Potwierdź, że chcesz otrzymywać „{name}”',
    confirmBody: 'Ten adres dodano, aby otrzymywał raport „{name}” e-mailem. Aby potwierdzić, otwórz: {link}',
    confirmIgnore: 'Jeśli się tego nie spodziewasz, zignoruj tę wiadomość: nic nie zostanie wysłane.',
  },
  ja: {
    subject: '定期レポート: {name}',
    intro: '{date} 時点の「{name}」です。',
    attached: '添付の PDF には同じ数値がグラフ付きで含まれています。',
    total: '合計',
    none: '(なし)',
    unsubscribe: 'このレポートの配信を停止する',
    confirmSubject: '「{name}」の受信を確認してください',
    confirmBody:
      'このアドレスはレポート「{name}」をメールで受け取るよう追加されました。確認するには次を開いてください: {link}',
    confirmIgnore: '心当たりがない場合は、このメールを無視してください。何も送信されません。',
  },
  'zh-CN': {
    subject: '定期报告：{name}',
    intro: '截至 {date} 的“{name}”。',
    attached: '附件 PDF 包含相同的数据和图表。',
    total: '合计',
    none: '（无）',
    unsubscribe: '退订此报告',
    confirmSubject: '请确认您希望接收“{name}”',
    confirmBody: '此地址已被添加为报告“{name}”的邮件接收人。如需确认，请打开：{link}',
    confirmIgnore: '如果这不是您预期的，请忽略此邮件：不会向您发送任何内容。',
  },
  ar: {
    subject: 'تقرير مجدول: {name}',
    intro: '«{name}» حتى {date}.',
    attached: 'يحتوي ملف PDF المرفق على الأرقام نفسها مع الرسوم البيانية.',
    total: 'الإجمالي',
    none: '(لا شيء)',
    unsubscribe: 'إلغاء الاشتراك في هذا التقرير',
    confirmSubject: 'أكّد أنك تريد تلقي «{name}»',
    confirmBody: 'أُضيف هذا العنوان لتلقي التقرير «{name}» بالبريد الإلكتروني. للتأكيد، افتح: {link}',
    confirmIgnore: 'إذا لم تكن تتوقع ذلك، فتجاهل هذه الرسالة: لن يُرسل إليك شيء.',
  },
};
