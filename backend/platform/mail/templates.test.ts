import { expect } from 'chai';
import { LANGS } from '../../../common/api';
import { createServerI18n } from '../i18n';
import { absoluteLink, escapeHtml, MAIL_TEMPLATES, renderMail } from './templates';

const i18n = createServerI18n();
const PUBLIC_URL = 'https://exchanger.example';

describe('mail templates', () => {
  for (const lang of LANGS) {
    for (const template of MAIL_TEMPLATES) {
      it(`${template} in ${lang}: every text is translated and the button links to the site`, () => {
        const mail = renderMail(
          template,
          {
            name: 'Ann',
            link: '/auth/abc',
            ip: '198.51.100.7',
            time: '2026-01-02T03:04:05Z',
            userAgent: 'Firefox',
            // Order mails.
            uid: 'A1B2C3D4E5',
            status: 'paid',
            amountSend: '0.5',
            from: 'BTC',
            amountReceive: '3000000',
            to: 'SBERRUB',
            file: 'receipt',
            reason: 'blurred',
            // Saved requisites' mails.
            card: '•••• 4242',
            amount: '12.5',
            payout: '12.5 USDTTRC20',
            account: '•••• 4242',
            // The contacts form's mails.
            sender: 'Oleg',
            email: 'oleg@example.com',
            subject: 'Higher referral percentage',
            message: 'Can I get 20%?',
            reply: 'Yes.',
          },
          { lang, t: i18n.translator(lang), publicUrl: PUBLIC_URL },
        );
        for (const part of [mail.subject, mail.text, mail.html]) {
          expect(part).to.not.match(/mail\.[a-zA-Z]+\.[a-z_]+/);
          expect(part).to.not.contain('{{');
        }
        expect(mail.subject).to.contain('exchanger.example');
        expect(mail.html).to.contain(`href="${PUBLIC_URL}/auth/abc"`);
        expect(mail.text).to.contain('Ann');
      });
    }
  }

  it('writes the greeting without a name when none is known', () => {
    const mail = renderMail('passwordChanged', { name: '' }, { lang: 'ru', t: i18n.translator('ru'), publicUrl: PUBLIC_URL });
    expect(mail.text.startsWith('Здравствуйте!\n')).to.equal(true);
  });

  it('resolves paths on PUBLIC_URL and refuses other origins', () => {
    expect(absoluteLink('/reset-password/t', 'http://127.0.0.1:3000')).to.equal('http://127.0.0.1:3000/reset-password/t');
    expect(absoluteLink('https://exchanger.example/x?y=1', PUBLIC_URL)).to.equal('https://exchanger.example/x?y=1');
    expect(() => absoluteLink('//evil.example/x', PUBLIC_URL)).to.throw(/outside PUBLIC_URL/);
    expect(() => absoluteLink('javascript:alert(1)', PUBLIC_URL)).to.throw(/outside PUBLIC_URL/);
  });

  it('escapes the five HTML special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).to.equal('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
