/**
 * The content pages' first texts (migration 0027), Russian and English. The terms' body lives in
 * ./terms.ts (versioned); the AML and KYC policy in ./aml.ts. The FAQ's questions are its `## `
 * headings (backend/content/queries.ts splitQuestions).
 */

export interface SeedTexts {
  title: string;
  description: string;
  body: string;
}

export const ABOUT_US: Record<'ru' | 'en', SeedTexts> = {
  ru: {
    title: 'О нас',
    description: 'Exchanger — сервис обмена криптовалюты и фиатных денег онлайн и за наличные. Работаем круглосуточно, поддержка отвечает с 8:00 до 24:00 по Москве.',
    body: `Exchanger — сервис обмена криптовалюты, безналичных и наличных денег. Мы обмениваем онлайн круглосуточно, а в офисах нескольких городов — за наличные.

## Что мы делаем

- Обмениваем криптовалюту на рубли, доллары и другие валюты и обратно — на карты, счета и электронные кошельки.
- Принимаем и выдаём наличные в городах, перечисленных на странице [Обмен наличных](/cash).
- Показываем курсы и резервы в реальном времени и передаём их мониторингам обменников.

## Как мы работаем

- **Прозрачные курсы.** Вы выбираете фиксированный курс, который закрепляется на время оплаты, или плавающий — по курсу биржи в момент поступления средств.
- **Безопасность клиентов.** Мы проверяем карты и при необходимости личность, чтобы никто не мог обменять чужие деньги. Подробнее — в [политике AML и KYC](/aml-kyc).
- **Без обязательной регистрации.** Для обмена достаточно адреса электронной почты; аккаунт добавляет историю обменов, сохранённые реквизиты, партнёрскую программу, API и двухфакторную защиту.
- **Живая поддержка.** Заявки обрабатываются 24/7, поддержка отвечает ежедневно с 8:00 до 24:00 по московскому времени (GMT+3).

## Связаться с нами

Напишите в [чат поддержки]({{supportUrl}}) или через форму на странице [Контакты](/contacts). Условия работы сервиса — в [пользовательском соглашении](/terms).
`,
  },
  en: {
    title: 'About us',
    description: 'Exchanger exchanges cryptocurrency and fiat money online and for cash. We work around the clock; support answers from 8:00 to 24:00 Moscow time.',
    body: `Exchanger is a service for exchanging cryptocurrency, non-cash and cash money. We exchange online around the clock, and for cash in our offices in several cities.

## What we do

- Exchange cryptocurrency for roubles, dollars and other currencies and back — to cards, accounts and e-wallets.
- Accept and pay out cash in the cities listed on the [Cash exchange](/cash) page.
- Show rates and reserves live and publish them to exchange monitoring sites.

## How we work

- **Clear rates.** Choose a fixed rate, locked while you pay, or a floating one, taken from an exchange when your funds arrive.
- **Client safety.** We verify cards and, when needed, identity, so nobody can exchange someone else's money. More in the [AML and KYC policy](/aml-kyc).
- **No account required.** An e-mail address is enough to exchange; an account adds the exchange history, saved details, the referral programme, the API and two-factor protection.
- **Real support.** Orders are processed 24/7; support answers every day from 8:00 to 24:00 Moscow time (GMT+3).

## Contact us

Write to the [support chat]({{supportUrl}}) or use the form on the [Contacts](/contacts) page. The service's rules are in the [terms of use](/terms).
`,
  },
};

export const CLIENTS: Record<'ru' | 'en', SeedTexts> = {
  ru: {
    title: 'Клиентам',
    description: 'Правила обмена и всё, что полезно знать перед созданием заявки: лимиты, сроки, проверка карт и личности, возвраты.',
    body: `Здесь собрано главное, что нужно знать перед обменом. Полные условия — в [пользовательском соглашении](/terms).

## Суммы и лимиты

- У каждого направления есть минимальная и максимальная сумма — форма обмена показывает их и не даст создать заявку вне этих пределов.
- Сумма к получению не может превышать резерв сервиса по этой валюте. Актуальные резервы — на странице [Резервы](/reserves).

## Курс и время на оплату

- **Фиксированный курс** закрепляется на время, отведённое на оплату, — оно указано в заявке, а таймер показывает, сколько осталось.
- **Плавающий курс** считается по курсу биржи в момент поступления средств.
- Если не успеваете оплатить, напишите в поддержку: время заявки можно продлить, пока согласуются детали. Средства, пришедшие позже, пересчитываются по актуальному курсу.

## Проверка карт и личности

- При оплате картой подтвердите её фотографией — это нужно один раз для каждой карты. Как сфотографировать карту, описано в [инструкции](/guide).
- Верифицированные пользователи обменивают без проверки карты и получают приоритет в спорных ситуациях.

## Сроки зачисления

- Выплата отправляется после поступления оплаты: обычно в течение нескольких минут, для ручных направлений — после проверки оператором.
- Криптовалюта считается поступившей после подтверждений сети; банковские переводы зачисляются в сроки банка.

## Если платёж задерживается

1. Проверьте статус на странице заявки — он обновляется в реальном времени.
2. Для оплаты картой приложите чек к заявке: так её проверят быстрее.
3. Напишите в [чат поддержки]({{supportUrl}}) и укажите номер заявки. Поддержка отвечает с 8:00 до 24:00 по Москве.

## Возвраты

Если заявку нельзя исполнить, средства возвращаются только отправителю — на карту или счёт, с которых пришла оплата, или на адрес возврата для криптовалюты — за вычетом комиссии сети или банка.
`,
  },
  en: {
    title: 'For clients',
    description: 'Exchange rules and what is worth knowing before you create an order: limits, timing, card and identity checks, refunds.',
    body: `The essentials to know before an exchange. The full rules are in the [terms of use](/terms).

## Amounts and limits

- Each direction has a minimum and a maximum amount; the exchange form shows them and will not create an order outside them.
- The amount to receive cannot exceed the service's reserve of that currency. Current reserves are on the [Reserves](/reserves) page.

## Rate and payment time

- A **fixed rate** is locked for the time given to pay: it is shown in the order, and the timer shows how much is left.
- A **floating rate** is taken from an exchange at the moment your funds arrive.
- If you cannot pay in time, message support: the order time can be extended while the details are agreed. Funds that arrive later are recalculated at the current rate.

## Card and identity checks

- When paying by card, verify it with a photo — once per card. How to photograph it is in the [guide](/guide).
- Verified users exchange without card verification and get priority in disputes.

## Crediting times

- The payout is sent once your payment arrives: usually within minutes; for manual directions, after an operator's check.
- Cryptocurrency counts as arrived after the network confirmations; bank transfers are credited in the bank's time.

## If a payment is delayed

1. Check the status on the order page — it updates live.
2. When paying by card, attach the receipt to the order: it will be checked faster.
3. Write to the [support chat]({{supportUrl}}) with your order number. Support answers from 8:00 to 24:00 Moscow time.

## Refunds

If an order cannot be executed, the funds go back to the sender only — to the card or account the payment came from, or to the refund address for cryptocurrency — less the network or bank fee.
`,
  },
};

export const TERMS_PAGE: Record<'ru' | 'en', SeedTexts> = {
  ru: { title: 'Пользовательское соглашение', description: 'Условия использования сервиса Exchanger, которые вы принимаете при регистрации и создании заявки.', body: '' },
  en: { title: 'Terms of use', description: 'The terms of using the Exchanger service that you accept when signing up and creating an order.', body: '' },
};

export const FAQ: Record<'ru' | 'en', SeedTexts> = {
  ru: {
    title: 'Частые вопросы',
    description: 'Ответы на вопросы об обмене, курсах, проверке карт, возвратах и работе поддержки.',
    body: `Не нашли ответ — напишите в [чат поддержки]({{supportUrl}}).

## Нужна ли регистрация для обмена?

Нет: заявку можно создать, указав только email. Регистрация добавляет историю обменов, сохранённые реквизиты, партнёрскую программу и API.

## Чем фиксированный курс отличается от плавающего?

Фиксированный курс закрепляется на время, отведённое на оплату. Плавающий считается по курсу биржи в момент поступления средств.

## Зачем подтверждать карту?

Чтобы защитить владельцев карт от мошенничества. Нужна фотография лицевой стороны карты на фоне страницы заявки с её номером; важные данные карты можно закрыть.

## Что будет, если не успеть оплатить до конца таймера?

Время заявки можно продлить, пока вы согласовываете детали с поддержкой. Средства, пришедшие позже, пересчитываются по актуальному курсу.

## Почему заявка заморожена?

Заявку замораживают для дополнительной проверки: карты, личности или происхождения средств. Оператор сообщит, что нужно сделать; подробнее — в [политике AML и KYC](/aml-kyc).

## Как вернуть средства, если обмен не состоялся?

Средства возвращаются только отправителю — на карту или счёт, с которых пришла оплата, или на адрес возврата для криптовалюты — за вычетом комиссии сети или банка.

## Можно ли загрузить чек повторно?

Нет, чек загружается один раз. Если нужно его заменить, напишите в поддержку.

## Когда отвечает поддержка?

С 8:00 до 24:00 по Москве (GMT+3). Заявки обрабатываются круглосуточно, 24/7.

## Что даёт проверка личности?

Верифицированные пользователи обменивают без проверки карты и получают приоритет при рассмотрении спорных ситуаций.

## Сколько хранятся мои документы?

Документ и фотография проверки личности удаляются через {{kycRetentionDays}} дн. после решения по проверке; само решение сохраняется.
`,
  },
  en: {
    title: 'Frequently asked questions',
    description: 'Answers about exchanges, rates, card verification, refunds and support.',
    body: `No answer here? Write to the [support chat]({{supportUrl}}).

## Do I need an account to exchange?

No: an email is enough to create an order. An account adds your exchange history, saved requisites, the referral programme and the API.

## What is the difference between a fixed and a floating rate?

A fixed rate is locked for the time given to pay. A floating rate is taken from an exchange at the moment your funds arrive.

## Why verify my card?

To protect card owners from fraud. We need a photo of the card face against the order page showing its number; you may hide sensitive card data.

## What if I do not pay before the timer ends?

The order time can be extended while you agree the details with support. Funds that arrive late are recalculated at the actual rate.

## Why is my order frozen?

An order is frozen for an extra check: of the card, the identity or the origin of the funds. An operator will tell you what is needed; more in the [AML and KYC policy](/aml-kyc).

## How do I get my funds back if the exchange did not happen?

Funds go back to the sender only — to the card or account the payment came from, or to the refund address for cryptocurrency — less the network or bank fee.

## Can I upload the receipt again?

No, a receipt is uploaded once. To replace it, contact support.

## When does support answer?

From 8:00 to 24:00 Moscow time (GMT+3). Orders are processed around the clock, 24/7.

## What does identity verification give me?

Verified users exchange without card verification and get priority when disputes are handled.

## How long are my documents kept?

The identity document and photo are deleted {{kycRetentionDays}} days after the decision on the check; the decision itself is kept.
`,
  },
};

export const GUIDE: Record<'ru' | 'en', SeedTexts> = {
  ru: {
    title: 'Инструкция по обмену',
    description: 'Пошаговая инструкция: от создания заявки до получения средств, как сфотографировать карту и что делать, если время заявки истекло.',
    body: `## 1. Создайте заявку

На [главной странице](/) выберите, что отдаёте и что получаете, тип курса и сумму. Укажите реквизиты получения и email, отметьте согласие с [пользовательским соглашением](/terms).

## 2. Проверьте данные и подтвердите

Убедитесь, что направление, сумма и реквизиты указаны верно, и подтвердите заявку. Средства, отправленные на ошибочные реквизиты, вернуть нельзя.

## 3. Подтвердите карту

При оплате картой загрузите её фотографию — это нужно один раз для каждой карты.

**Как сфотографировать карту.** Сфотографируйте лицевую сторону карты на фоне страницы сайта, где видны номер заявки и ссылка в адресной строке браузера. Для виртуальной карты сделайте скриншот с двумя окнами: страницей заявки и приложением банка. Изображение нельзя редактировать, а важные данные карты нужно скрыть.

## 4. Пройдите проверку личности

Шаг нужен не всегда: его попросят для отдельных направлений и сумм. Верифицированные пользователи обменивают без проверки карты.

## 5. Оплатите и приложите чек

Переведите средства по реквизитам заявки до окончания таймера и загрузите чек. Чек загружается один раз.

## 6. Получите средства

После зачисления оплаты средства отправляются на ваши реквизиты. Статус заявки обновляется на её странице в реальном времени, а о каждом шаге приходит письмо.

## Если время заявки истекло

Напишите в [поддержку]({{supportUrl}}): время заявки можно продлить, пока согласуются детали. Средства, поступившие после окончания таймера, пересчитываются по курсу на момент поступления.
`,
  },
  en: {
    title: 'Exchange guide',
    description: 'Step by step: from creating an order to receiving the funds, how to photograph your card and what to do when the order time is over.',
    body: `## 1. Create an order

On the [home page](/) choose what you send and what you receive, the rate type and the amount. Enter the receiving details and your email, and accept the [terms of use](/terms).

## 2. Check the details and confirm

Make sure the direction, amount and details are right, then confirm the order. Funds sent to wrong details cannot be recovered.

## 3. Verify your card

When paying by card, upload a photo of it. This is needed once per card.

**How to photograph your card.** Photograph the face of the card against the site page showing the order number and the link in the browser address bar. For a virtual card, take a screenshot with two windows: the order page and your bank app. The image must not be edited, and sensitive card data must be hidden.

## 4. Verify your identity

Not always needed: it is asked for some directions and amounts. Verified users exchange without card verification.

## 5. Pay and attach the receipt

Transfer the funds to the order details before the timer ends and upload the receipt. A receipt can be uploaded once.

## 6. Receive the funds

Once your payment is credited, the funds are sent to your details. The order page shows its status live, and each step is e-mailed to you.

## If the order time is over

Message [support]({{supportUrl}}): the order time can be extended while the details are agreed. Funds that arrive after the timer ends are recalculated at the rate at the moment they arrive.
`,
  },
};

export const HOW_IT_WORKS: Record<'ru' | 'en', SeedTexts> = {
  ru: {
    title: 'Как это работает',
    description: 'Обмен занимает несколько минут: заявка, оплата, получение средств. Фиксированный или плавающий курс, статус в реальном времени.',
    body: `Обмен занимает несколько минут и проходит в три шага.

## 1. Создайте заявку

Выберите направление, тип курса и сумму, укажите реквизиты получения и email. Проверьте данные и подтвердите заявку. Регистрация не обязательна.

## 2. Отправьте оплату

Переведите средства по реквизитам из заявки до окончания таймера. Для оплаты картой приложите чек — так заявка пройдёт быстрее. Карту нужно подтвердить один раз.

## 3. Получите средства

После поступления оплаты мы отправляем средства на ваши реквизиты. Статус заявки обновляется на её странице в реальном времени.

## Какой курс выбрать

- **Фиксированный** — сумма к получению не изменится, если вы оплатите вовремя.
- **Плавающий** — курс берётся с биржи в момент поступления средств; подходит, если вы не уверены, когда придёт платёж.

Подробная [инструкция по обмену](/guide) описывает каждый шаг, а [частые вопросы](/faq) — что делать в необычных ситуациях.
`,
  },
  en: {
    title: 'How it works',
    description: 'An exchange takes a few minutes: order, payment, funds received. A fixed or floating rate, and the status live.',
    body: `An exchange takes a few minutes and three steps.

## 1. Create an order

Choose the direction, rate type and amount, enter where to receive the funds and your email. Check the details and confirm. No account is required.

## 2. Send the payment

Transfer the funds to the details shown in the order before the timer runs out. When paying by card, attach the receipt to speed things up. A card is verified once.

## 3. Receive the funds

Once your payment arrives we send the funds to your details. The order page shows its status live.

## Which rate to choose

- **Fixed** — the amount to receive will not change if you pay in time.
- **Floating** — the rate is taken from an exchange when your funds arrive; good when you are not sure when the payment lands.

The detailed [exchange guide](/guide) walks through every step, and the [FAQ](/faq) covers unusual situations.
`,
  },
};

export const PARTNERS: Record<'ru' | 'en', SeedTexts> = {
  ru: {
    title: 'Партнёрская программа',
    description: 'Приглашайте пользователей по реферальной ссылке и получайте до 15% прибыли сервиса с каждого их обмена.',
    body: `Приглашайте пользователей по своей реферальной ссылке и получайте часть прибыли сервиса с каждого их обмена.

## Условия

- **До 15% от прибыли.** Процент растёт вместе с числом привлечённых пользователей. Повышенный процент обсуждается индивидуально — напишите нам через [форму обратной связи](/contacts), тема «Повышенный реферальный процент».
- **Ссылка действует 30 дней.** Реферальный код сохраняется у пользователя 30 дней с момента перехода по ссылке; зарегистрированный по ссылке пользователь закрепляется за вами.
- **Вывод в любой валюте.** Накопленное вознаграждение можно вывести в любой доступной валюте сервиса.

## Как начать

1. [Зарегистрируйтесь](/sign-up) и подтвердите email.
2. Возьмите реферальную ссылку в личном кабинете, в разделе «Партнёрам».
3. Размещайте ссылку на сайте, в блоге или в соцсетях. Статистика переходов, обменов и начислений — в личном кабинете.

## Для владельцев сервисов

Подключайте обмен к своему сайту или приложению через [API](/documentation): заявки, созданные через ваш ключ, приносят вознаграждение по условиям программы.

## Правила

Запрещены спам, реклама с обманом пользователей, регистрация нескольких аккаунтов и обмен через собственную ссылку ради вознаграждения. Начисления за такие обмены аннулируются. Полные условия — в [пользовательском соглашении](/terms).
`,
  },
  en: {
    title: 'Referral programme',
    description: 'Invite users with your referral link and get up to 15% of the service profit from each of their exchanges.',
    body: `Invite users with your referral link and get a share of the service profit from each of their exchanges.

## Terms

- **Up to 15% of the profit.** The percentage grows with the number of users you bring. A higher rate is negotiated individually — write to us through the [feedback form](/contacts), subject "Higher referral percentage".
- **The link lasts 30 days.** The referral code stays with a user for 30 days after they follow your link; a user who signs up through it stays bound to you.
- **Withdraw in any currency.** Your reward can be withdrawn in any currency the service offers.

## Getting started

1. [Sign up](/sign-up) and confirm your email.
2. Take your referral link from the "Partners" section of your account.
3. Place the link on your site, blog or social media. Clicks, exchanges and rewards are shown in your account.

## For service owners

Connect exchange to your site or app through the [API](/documentation): orders created with your key earn rewards on the programme's terms.

## Rules

Spam, advertising that misleads users, multiple accounts and exchanging through your own link for the reward are forbidden. Rewards for such exchanges are cancelled. The full rules are in the [terms of use](/terms).
`,
  },
};

export const CASH: Record<'ru' | 'en', SeedTexts> = {
  ru: {
    title: 'Обмен наличных',
    description: 'Обмен криптовалюты на наличные и наличных на криптовалюту в офисах Exchanger: города, валюты и порядок визита.',
    body: `Обменивайте криптовалюту на наличные и наличные на криптовалюту в наших офисах. Города и валюты, доступные сейчас, перечислены ниже; резерв наличных в каждом городе — на странице [Резервы](/reserves).

## Как обменять наличные

1. Создайте заявку на [главной странице](/): выберите наличные нужного города как отдаваемую или получаемую валюту.
2. Оператор свяжется с вами по email или в чате, чтобы согласовать адрес офиса и время визита.
3. Возьмите с собой документ, удостоверяющий личность: оператор может попросить его предъявить, как предусматривает [политика AML и KYC](/aml-kyc).
4. В офисе вы передаёте или получаете наличные, заявка закрывается, а на почту приходит подтверждение.

## Курс

Курс фиксируется в заявке на время, отведённое на оплату. Если визит переносится, напишите в [поддержку]({{supportUrl}}): время заявки можно продлить, курс при этом может быть пересчитан.
`,
  },
  en: {
    title: 'Cash exchange',
    description: 'Exchange crypto for cash and cash for crypto in Exchanger offices: cities, currencies and how a visit works.',
    body: `Exchange cryptocurrency for cash and cash for cryptocurrency in our offices. The cities and currencies available now are listed below; the cash reserve in each city is on the [Reserves](/reserves) page.

## How to exchange cash

1. Create an order on the [home page](/): choose cash in your city as the currency you send or receive.
2. An operator contacts you by email or chat to agree the office address and the time of your visit.
3. Bring an identity document: the operator may ask to see it, as the [AML and KYC policy](/aml-kyc) provides.
4. At the office you hand over or receive the cash, the order is closed and a confirmation is e-mailed to you.

## Rate

The rate is locked in the order for the time given to pay. If your visit moves, message [support]({{supportUrl}}): the order time can be extended, and the rate may be recalculated.
`,
  },
};
