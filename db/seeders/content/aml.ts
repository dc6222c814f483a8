/** The AML and KYC policy (migration 0027 seeds it as the `amlKyc` page). */

export const AML_RU = {
  title: 'Политика AML и KYC',
  description: 'Как Exchanger противодействует отмыванию денег и проверяет клиентов: проверка карт и личности, мониторинг операций, заморозка заявок, сроки хранения данных.',
  body: `Настоящая политика описывает, как сервис Exchanger (далее — «Сервис») противодействует отмыванию доходов, полученных преступным путём, и финансированию терроризма (AML) и как проверяет клиентов (KYC). Политика является неотъемлемой частью [пользовательского соглашения](/terms).

## 1. Назначение и область применения

1.1. Политика применяется ко всем заявкам на обмен и ко всем аккаунтам, независимо от направления и суммы.

1.2. Цель политики — не допустить использования Сервиса для легализации преступных доходов, финансирования терроризма, обхода санкций и мошенничества, а также защитить владельцев карт и кошельков от использования их средств без их ведома.

## 2. Термины

- **Клиент** — лицо, создающее заявку или зарегистрировавшее аккаунт.
- **Верификация карты** — подтверждение, что Клиент владеет картой, с которой платит.
- **Верификация личности (KYC)** — проверка личности по документу и фотографии с ним.
- **Подозрительная операция** — заявка, признаки которой указывают на возможную связь с преступной деятельностью или мошенничеством.
- **Списки ограничений** — санкционные списки, а также собственный список Сервиса: адреса, карты, почтовые адреса и IP-диапазоны, по которым обмен запрещён или требует проверки.

## 3. Принцип «знай своего клиента» (KYC)

3.1. Сервис применяет риск-ориентированный подход: объём проверки зависит от направления, суммы, способа оплаты и истории Клиента.

3.2. Уровни проверки:

1. **Без регистрации** — Клиент указывает адрес электронной почты и реквизиты. При оплате картой требуется верификация карты.
2. **Зарегистрированный Клиент** — аккаунт с подтверждённой почтой; доступны сохранённые и подтверждённые реквизиты, история обменов.
3. **Верифицированный Клиент** — пройдена проверка личности; обмен без проверки карты и приоритет при рассмотрении спорных ситуаций.

3.3. Статусы проверки личности: «На проверке» — документы получены и проверяются; «Верифицирован» — проверка пройдена; «Не верифицирован» — проверка не пройдена, документы можно загрузить заново или обратиться в поддержку. Отказ может быть окончательным, если документы поддельные или принадлежат другому лицу.

## 4. Проверка банковских карт

4.1. При первой оплате картой Клиент загружает фотографию лицевой стороны карты на фоне страницы заявки, где видны номер заявки и адрес сайта в адресной строке браузера.

4.2. Для виртуальной карты нужен снимок экрана с двумя окнами: страницей заявки и приложением банка, где видна карта.

4.3. Изображение нельзя редактировать. Можно закрыть цифры номера карты, кроме первых шести и последних четырёх, срок действия и код CVV — их Сервису знать не нужно.

4.4. Карта подтверждается один раз. Карта, подтверждённая для одного аккаунта и использованная в другом, проверяется дополнительно.

## 5. Проверка личности

5.1. Для проверки личности Клиент загружает документ, удостоверяющий личность (паспорт или иной документ с фотографией), и фотографию, на которой держит этот документ рядом с лицом.

5.2. Сервис запрашивает проверку личности, если: сумма или направление этого требуют; данные Клиента не совпадают с данными платежа; заявка отмечена мониторингом как подозрительная; Клиент хочет обменивать без проверки карты.

5.3. Решение принимает сотрудник службы проверки, как правило, в течение рабочего дня поддержки. О решении Клиент узнаёт письмом и в личном кабинете.

## 6. Мониторинг операций

6.1. Каждая заявка сверяется со списками ограничений: адрес электронной почты, реквизиты отправителя и получателя, адрес для возврата и IP-адрес.

6.2. Сервис анализирует происхождение поступающей криптовалюты и признаки подозрительных операций, в том числе:

- оплата с карты или счёта третьего лица;
- дробление крупной суммы на множество мелких заявок;
- частая смена реквизитов, почтовых адресов и аккаунтов;
- средства из источников, связанных с даркнет-рынками, мошенничеством, взломами или санкционными лицами;
- несоответствие операций заявленной личности Клиента.

6.3. Все действия сотрудников по заявкам и проверкам записываются в журнал, который нельзя изменить.

## 7. Заморозка заявки и возврат средств

7.1. Подозрительная заявка переводится в статус «Заморожена» до завершения проверки. Сервис вправе запросить документы о личности и о происхождении средств.

7.2. Если проверка пройдена, заявка исполняется. Курс фиксированной заявки сохраняется, если оплата поступила в срок; иначе применяются правила пересчёта пользовательского соглашения.

7.3. Если риск подтверждён или Клиент отказался от проверки, Сервис отказывает в обмене. Средства возвращаются только отправителю — на карту или счёт, с которых пришла оплата, либо на адрес возврата для криптовалют — за вычетом комиссии сети или банка, если закон или требование уполномоченного органа не препятствуют возврату.

## 8. Запрещённые операции

Сервис не обслуживает:

- лиц, включённых в санкционные списки, и операции в их интересах;
- средства, полученные преступным путём, в том числе от мошенничества, вымогательства и торговли запрещёнными товарами;
- платежи с чужих карт и счетов, а также «дропов» — лиц, которые передают свои карты и счета другим;
- лиц младше 18 лет.

## 9. Хранение данных и сроки

9.1. Сервис хранит сведения о заявках (реквизиты, суммы, статусы и их историю), решения по проверкам и журнал действий сотрудников в течение срока, необходимого для целей этой политики и рассмотрения споров.

9.2. Файлы проверки личности — документ и фотография — хранятся в зашифрованном виде и удаляются через {{kycRetentionDays}} дн. после решения по проверке. Запись о решении (кто и когда его принял) хранится дольше.

9.3. Фотографии карт и чеки доступны только сотрудникам, которые их проверяют, по ссылкам, действующим несколько минут; каждый просмотр документов записывается в журнал.

## 10. Сотрудничество с уполномоченными органами

Сервис предоставляет сведения о Клиентах и операциях уполномоченным органам только по законному запросу и в объёме, который этот запрос требует.

## 11. Контакты

Вопросы о проверках и заморозке заявок направляйте в службу поддержки: [чат поддержки]({{supportUrl}}) или форма на странице [Контакты](/contacts). Поддержка отвечает ежедневно с 8:00 до 24:00 по московскому времени (GMT+3).
`,
};

export const AML_EN = {
  title: 'AML and KYC policy',
  description: 'How Exchanger counters money laundering and verifies clients: card and identity checks, transaction monitoring, frozen orders, data retention.',
  body: `This policy describes how the Exchanger service (the "Service") counters laundering the proceeds of crime and financing terrorism (AML) and how it verifies clients (KYC). The policy forms an integral part of the [terms of use](/terms).

## 1. Purpose and scope

1.1. The policy applies to every exchange order and every account, whatever the direction and amount.

1.2. Its purpose is to keep the Service from being used to launder proceeds of crime, finance terrorism, evade sanctions or commit fraud, and to protect card and wallet owners from their funds being used without their knowledge.

## 2. Definitions

- **Client** — a person who creates an order or registers an account.
- **Card verification** — confirming that the Client owns the card they pay with.
- **Identity verification (KYC)** — checking identity with a document and a photo holding it.
- **Suspicious operation** — an order whose features suggest a possible link to crime or fraud.
- **Restriction lists** — sanctions lists and the Service's own list: addresses, cards, e-mail addresses and IP ranges for which exchange is refused or needs a check.

## 3. Know your customer (KYC)

3.1. The Service takes a risk-based approach: how much is checked depends on the direction, the amount, the payment method and the Client's history.

3.2. Verification levels:

1. **Without an account** — the Client gives an e-mail address and the details. Paying by card needs card verification.
2. **Registered Client** — an account with a confirmed e-mail; saved and verified details and the exchange history are available.
3. **Verified Client** — identity verification passed; exchange without card verification and priority when disputes are handled.

3.3. Identity check statuses: "Under review" — the documents have arrived and are being checked; "Verified" — the check is passed; "Not verified" — the check failed; the documents can be uploaded again or support contacted. A refusal may be final if the documents are forged or belong to someone else.

## 4. Bank card verification

4.1. On the first card payment the Client uploads a photo of the card face against the order page showing the order number and the site address in the browser's address bar.

4.2. For a virtual card, a screenshot with two windows is needed: the order page and the bank app showing the card.

4.3. The image must not be edited. The card number digits except the first six and last four, the expiry date and the CVV code may be hidden — the Service does not need them.

4.4. A card is verified once. A card verified for one account and used in another is checked again.

## 5. Identity verification

5.1. To verify identity the Client uploads an identity document (a passport or another document with a photo) and a photo holding that document next to their face.

5.2. The Service asks for identity verification when the amount or direction requires it; the Client's data do not match the payment; monitoring marks the order as suspicious; the Client wants to exchange without card verification.

5.3. A reviewer decides, as a rule within the support's working day. The Client learns the decision by e-mail and in the user area.

## 6. Transaction monitoring

6.1. Every order is screened against the restriction lists: the e-mail address, the sender's and receiver's details, the refund address and the IP address.

6.2. The Service analyses the origin of incoming cryptocurrency and signs of suspicious operations, including:

- payment from a third party's card or account;
- splitting a large amount into many small orders;
- frequent changes of details, e-mail addresses and accounts;
- funds from sources linked to darknet markets, fraud, hacks or sanctioned persons;
- operations that do not match the Client's stated identity.

6.3. Every staff action on orders and checks is written to an audit log that cannot be changed.

## 7. Frozen orders and refunds

7.1. A suspicious order is put on hold ("Frozen") until the check ends. The Service may ask for documents on the Client's identity and the origin of the funds.

7.2. If the check is passed, the order is executed. A fixed-rate order keeps its rate if the payment arrived in time; otherwise the recalculation rules of the terms of use apply.

7.3. If the risk is confirmed or the Client declines the check, the Service refuses the exchange. Funds are returned to the sender only — to the card or account the payment came from, or to the refund address for cryptocurrencies — less the network or bank fee, unless the law or a competent authority's order prevents the refund.

## 8. Prohibited operations

The Service does not serve:

- persons on sanctions lists, or operations in their interest;
- proceeds of crime, including fraud, extortion and trade in prohibited goods;
- payments from other people's cards and accounts, or "money mules" — people who hand their cards and accounts to others;
- persons under 18.

## 9. Data retention

9.1. The Service keeps order records (details, amounts, statuses and their history), check decisions and the staff action log for as long as this policy's purposes and the handling of disputes need.

9.2. Identity verification files — the document and the photo — are stored encrypted and deleted {{kycRetentionDays}} days after the decision on the check. The record of the decision (who made it and when) is kept longer.

9.3. Card photos and receipts are available only to the staff who review them, through links valid for a few minutes; every view of documents is logged.

## 10. Cooperation with the authorities

The Service gives information on Clients and operations to competent authorities only on a lawful request and to the extent the request requires.

## 11. Contacts

Send questions about checks and frozen orders to support: the [support chat]({{supportUrl}}) or the form on the [Contacts](/contacts) page. Support answers every day from 8:00 to 24:00 Moscow time (GMT+3).
`,
};

/** The headings the policy carries (the tests check the seeded texts hold them). */
export const AML_SECTIONS = {
  ru: ['Назначение', 'KYC', 'банковских карт', 'личности', 'Мониторинг', 'Заморозка', 'Запрещённые', 'сроки', 'Контакты'],
  en: ['Purpose', 'KYC', 'card verification', 'Identity verification', 'monitoring', 'Frozen', 'Prohibited', 'retention', 'Contacts'],
} as const;
