/**
 * The blog's first posts, seeded once at start (backend/blog/seed.ts) so `/blog` is not empty on a
 * fresh install; staff edit or delete them in the console like any other post.
 */
export interface SeedBlogPost {
  slug: string;
  publishedAt: string;
  ru: { title: string; description: string; body: string };
  en: { title: string; description: string; body: string };
}

export const SEED_BLOG_POSTS: readonly SeedBlogPost[] = [
  {
    slug: 'fixed-and-floating-rates',
    publishedAt: '2026-09-15T09:00:00.000Z',
    ru: {
      title: 'Фиксированный и плавающий курс: что выбрать',
      description: 'Чем отличаются два типа курса, когда курс фиксируется и что будет, если рынок сдвинется, пока вы переводите деньги.',
      body: `При создании заявки вы выбираете один из двух типов курса. От выбора зависит, сколько вы получите, если рынок изменится, пока заявка ждёт вашей оплаты.

## Фиксированный курс

Курс запоминается в момент создания заявки и действует, пока идёт таймер оплаты. Если вы оплатите вовремя и ровно ту сумму, что указана в заявке, вы получите ровно ту сумму, что видели на экране, как бы ни двигался рынок.

- подходит, когда важна точная сумма к получению;
- наценка немного выше: риск движения рынка берём на себя мы;
- если оплата пришла после окончания таймера, заявка пересчитывается по текущему курсу или возвращается — по вашему выбору.

## Плавающий курс

Сумма к получению пересчитывается по курсу на момент, когда ваш платёж получил нужное число подтверждений в сети (или поступил на карту). Если рынок вырос — вы получите больше, если упал — меньше.

- подходит для крупных сумм и медленных сетей;
- наценка ниже;
- итоговая сумма видна на странице заявки сразу после пересчёта.

## Что важно помнить

Курс в заявке уже включает комиссию обменника и сети: других списаний нет. Отправляйте ровно ту сумму, что указана в заявке, — при другой сумме заявка будет пересчитана оператором. Подробнее — в [правилах обмена](/terms).`,
    },
    en: {
      title: 'Fixed or floating rate: which one to choose',
      description: 'How the two rate types differ, when the rate is fixed and what happens if the market moves while you are sending the money.',
      body: `When you create an order you choose one of two rate types. The choice decides what you receive if the market moves while the order is waiting for your payment.

## Fixed rate

The rate is locked when the order is created and holds for as long as the payment timer runs. Pay in time and exactly the amount shown in the order, and you receive exactly the amount you saw on the screen, however the market moves.

- for when the exact amount to receive matters;
- the markup is a little higher: we carry the risk of the market moving;
- if the payment arrives after the timer has run out, the order is recalculated at the current rate or refunded — your choice.

## Floating rate

The amount to receive is recalculated at the rate of the moment your payment has the required network confirmations (or reaches the card). If the market has risen you receive more; if it has fallen, less.

- for large amounts and slow networks;
- the markup is lower;
- the final amount is shown on the order page as soon as it is recalculated.

## Worth remembering

The rate in the order already includes the exchanger's and the network's fees: nothing else is deducted. Send exactly the amount shown in the order — any other amount is recalculated by an operator. See the [terms of exchange](/terms) for details.`,
    },
  },
  {
    slug: 'card-verification',
    publishedAt: '2026-10-07T09:00:00.000Z',
    ru: {
      title: 'Как пройти верификацию банковской карты',
      description: 'Зачем мы просим фото карты, как его сделать, что можно закрыть и сколько длится проверка.',
      body: `Когда вы впервые платите картой, мы просим подтвердить, что карта ваша. Это защищает от платежей украденными картами — и вас, и нас: банк может вернуть такой платёж владельцу карты уже после обмена.

## Как сделать фото

1. Положите карту на лист бумаги и рядом с ней напишите от руки дату и номер заявки.
2. Закройте средние цифры номера: видны должны быть первые шесть и последние четыре.
3. Закройте CVV-код на обороте — он нам не нужен и никогда не запрашивается.
4. Сфотографируйте так, чтобы были читаемы имя владельца, цифры и надпись на листе.

Подходят JPEG, PNG и WebP. Мы удаляем из файла все метаданные (в том числе геолокацию) и храним его только для проверки.

## Сколько это длится

Оператор проверяет фото в рабочее время обычно за 5–15 минут. Если фото не подходит, вы увидите причину на странице заявки и сможете загрузить новое.

## Один раз на карту

Подтверждённую карту можно сохранить в личном кабинете в разделе «Реквизиты»: при следующих обменах с неё проверка не нужна.`,
    },
    en: {
      title: 'How to pass bank card verification',
      description: 'Why we ask for a photo of your card, how to take it, what you may cover and how long the check takes.',
      body: `The first time you pay by card we ask you to confirm the card is yours. This protects against payments from stolen cards — you and us alike: a bank can return such a payment to the card's owner after the exchange is done.

## How to take the photo

1. Put the card on a sheet of paper and write the date and the order number by hand next to it.
2. Cover the middle digits of the number: the first six and the last four should stay visible.
3. Cover the CVV code on the back — we do not need it and never ask for it.
4. Take the picture so that the holder's name, the digits and the note on the paper are readable.

JPEG, PNG and WebP are accepted. We strip all metadata from the file (location included) and keep it for the check only.

## How long it takes

During working hours an operator checks the photo in 5–15 minutes as a rule. If the photo does not fit, you see the reason on the order page and can upload a new one.

## Once per card

Save a verified card in your account under "Requisites": later exchanges paid from it need no check.`,
    },
  },
  {
    slug: 'what-aml-checks-mean',
    publishedAt: '2026-11-02T09:00:00.000Z',
    ru: {
      title: 'AML-проверка: что это и почему обмен может задержаться',
      description: 'Как мы проверяем происхождение криптовалюты, что означает высокий риск и что делать, если заявку остановили.',
      body: `AML (anti-money laundering) — проверка того, откуда пришли средства. Каждый входящий криптовалютный перевод мы проверяем по базам адресов, связанных с мошенничеством, даркнет-рынками, взломанными биржами и санкционными списками.

## Что происходит с большинством заявок

Почти все переводы проходят проверку автоматически за секунды: вы ничего не замечаете, обмен идёт как обычно.

## Если риск высокий

Если значительная часть средств связана с рискованными источниками, заявка приостанавливается, и с вами связывается оператор. Мы можем попросить:

- рассказать, откуда получены средства (биржа, оплата работы, продажа);
- показать историю операций на бирже или кошельке;
- пройти проверку личности.

После проверки обмен продолжается или средства возвращаются на адрес отправителя за вычетом комиссии сети. Сроки и условия описаны в [политике AML/KYC](/aml-kyc).

## Как избежать задержек

Переводите с кошелька или биржи, где средства лежат на ваше имя, и не используйте миксеры. Если вы получили криптовалюту от незнакомого человека, проверьте адрес отправителя до обмена.`,
    },
    en: {
      title: 'AML checks: what they are and why an exchange may be delayed',
      description: 'How we check where cryptocurrency comes from, what a high risk means and what to do if your order is stopped.',
      body: `AML (anti-money laundering) is a check of where funds come from. Every incoming cryptocurrency transfer is checked against databases of addresses linked to fraud, darknet markets, hacked exchanges and sanctions lists.

## What happens to most orders

Almost every transfer passes the check automatically within seconds: you notice nothing and the exchange goes on as usual.

## When the risk is high

If a large share of the funds is linked to risky sources, the order is put on hold and an operator contacts you. We may ask you to:

- tell us where the funds came from (an exchange, payment for work, a sale);
- show the history of the operations on the exchange or wallet;
- verify your identity.

After the check the exchange continues, or the funds are returned to the sender's address less the network fee. Time limits and conditions are in the [AML/KYC policy](/aml-kyc).

## How to avoid delays

Send from a wallet or an exchange where the funds are held in your name, and do not use mixers. If you received cryptocurrency from someone you do not know, check the sender's address before exchanging.`,
    },
  },
];
