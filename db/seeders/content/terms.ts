/**
 * The terms of use, version 1 (migration 0027 seeds it; later versions are published by admins).
 * `{{kycRetentionDays}}` and `{{supportUrl}}` are filled from the configuration when rendered
 * (backend/content/queries.ts fillSettings).
 */

export const TERMS_RU = `Настоящее пользовательское соглашение (далее — «Соглашение») определяет условия, на которых сервис Exchanger оказывает услуги обмена цифровых активов и фиатных денежных средств. Создавая заявку или регистрируя аккаунт и отмечая согласие с Соглашением, вы подтверждаете, что прочитали его полностью, поняли и принимаете без оговорок. Номер и дата редакции, которую вы приняли, сохраняются в вашей заявке и в вашем аккаунте.

## 1. Общие положения и стороны

1.1. Сторонами Соглашения являются сервис обмена Exchanger (далее — «Сервис») и любое дееспособное физическое лицо, достигшее 18 лет, которое пользуется сайтом Сервиса, создаёт заявку на обмен или регистрирует аккаунт (далее — «Клиент»).

1.2. Сервис работает круглосуточно, заявки обрабатываются 24/7. Служба поддержки отвечает ежедневно с 8:00 до 24:00 по московскому времени (GMT+3).

1.3. Соглашение является публичной офертой. Акцептом оферты считается отметка «Я принимаю условия пользовательского соглашения» при регистрации или при создании заявки. Без акцепта заявка не создаётся, а аккаунт не регистрируется.

1.4. Клиент пользуется Сервисом от своего имени и в своих интересах. Действовать в интересах третьих лиц без их ведома, а также передавать доступ к аккаунту другим лицам запрещено.

## 2. Термины и определения

- **Заявка** — поручение Клиента обменять указанную сумму одного актива (отдаваемого) на другой (получаемый) по выбранному направлению; у каждой заявки есть номер и секретная ссылка, по которой Клиент видит её статус.
- **Направление обмена** — пара «отдаваемый актив → получаемый актив» с собственными минимальной и максимальной суммой, наценкой, типами курса и временем на оплату.
- **Актив** — криптовалюта, безналичные деньги (банковская карта, счёт, электронный кошелёк) или наличные деньги в городе, где Сервис принимает или выдаёт наличные.
- **Реквизиты** — номер карты, счёта или адрес кошелька, с которого Клиент платит или на который получает средства.
- **Резерв** — сумма получаемого актива, которой Сервис располагает для выплат по направлению; сумма заявки не может превышать резерв.
- **Фиксированный курс** и **плавающий курс** — типы курса, описанные в разделе 4.
- **Верификация карты** — подтверждение того, что Клиент владеет банковской картой, с которой платит.
- **Верификация личности (KYC)** — проверка личности Клиента по документу и фотографии.
- **AML** — меры противодействия отмыванию доходов, полученных преступным путём, и финансированию терроризма; описаны в Политике AML и KYC, которая является неотъемлемой частью Соглашения.

## 3. Заявка и её жизненный цикл

3.1. Чтобы создать заявку, Клиент выбирает направление и тип курса, указывает сумму, реквизиты получения, адрес электронной почты и, где требуется, реквизиты отправителя. Перед подтверждением Клиент обязан проверить все данные: средства, отправленные по ошибочным реквизитам, которые указал Клиент, Сервис вернуть не может.

3.2. После создания заявка проходит следующие статусы:

1. **Ожидает** — заявка создана, Сервис ждёт оплату. В этом статусе идёт таймер оплаты.
2. **Оплата получена** — средства Клиента поступили, выплата готовится и будет отправлена в ближайшее время.
3. **Выплачено** — средства отправлены на реквизиты Клиента; заявка исполнена.
4. **Заморожена** — заявка остановлена для дополнительной проверки (проверка карты или личности, несоответствие данных, запрос службы безопасности).
5. **Проблема с оплатой** — поступившая сумма не совпадает с суммой заявки, платёж пришёл с чужих реквизитов или не удаётся отправить выплату; оператор свяжется с Клиентом.
6. **Возвращено** — средства возвращены Клиенту по правилам раздела 6.
7. **Удалена** — заявка закрыта: не оплачена до окончания таймера (просрочена), отменена Клиентом до оплаты или закрыта оператором.

3.3. Клиент может отменить заявку, пока не отправил оплату. Отправленный платёж отменить нельзя: он обрабатывается по правилам Соглашения.

3.4. При оплате банковской картой Клиент прикладывает к заявке чек (квитанцию) о переводе. Чек загружается один раз; если его нужно заменить, Клиент обращается в поддержку.

3.5. Время на оплату указано в заявке и задаётся для каждого направления. Если Клиент не успевает оплатить, время заявки может быть продлено, пока детали согласуются с поддержкой. Средства, поступившие после окончания таймера, пересчитываются по курсу на момент их поступления.

3.6. О каждой смене статуса Сервис сообщает на странице заявки в реальном времени и письмом на указанный адрес электронной почты.

## 4. Курсы и фиксация курса

4.1. Курс обмена рассчитывается Сервисом по данным бирж и поставщиков котировок с наценкой, указанной для направления. Курс, показанный в форме обмена, действует в момент создания заявки.

4.2. **Фиксированный курс** закрепляется в заявке на всё время, отведённое на оплату. Если оплата поступила до окончания этого времени и в полной сумме, Клиент получает сумму, указанную в заявке, независимо от движения рынка.

4.3. **Плавающий курс** определяется по курсу биржи в момент поступления средств Клиента (для криптовалют — после необходимого числа подтверждений сети). Сумма к получению в заявке с плавающим курсом является ориентировочной и пересчитывается при поступлении оплаты.

4.4. Если оплата поступила после окончания времени заявки или в сумме, отличной от указанной, заявка пересчитывается по актуальному курсу; если Клиент не согласен с пересчётом, средства возвращаются по правилам раздела 6.

4.5. Сервис вправе приостановить направление при резком движении рынка, сбое поставщика котировок или недоступности сети; созданные заявки с фиксированным курсом исполняются по зафиксированному курсу.

## 5. Проверка карт и личности (KYC)

5.1. При оплате банковской картой Сервис просит подтвердить карту: Клиент загружает фотографию лицевой стороны карты на фоне страницы заявки, где видны номер заявки и адрес сайта. Для виртуальной карты — снимок экрана с двумя окнами: страницей заявки и приложением банка. Номер карты, кроме первых шести и последних четырёх цифр, и срок действия можно закрыть. Изображение не должно быть отредактировано.

5.2. Карта подтверждается один раз: обмены с подтверждённой карты проходят без повторной проверки. Зарегистрированный Клиент может сохранить подтверждённые карты в личном кабинете.

5.3. Зарегистрированный Клиент может пройти проверку личности (KYC), загрузив документ, удостоверяющий личность, и фотографию с этим документом. Верифицированные Клиенты обменивают без проверки карты и получают приоритет при рассмотрении спорных ситуаций.

5.4. Сервис вправе запросить проверку личности для отдельных направлений и сумм, а также в случаях, предусмотренных Политикой AML и KYC. До завершения проверки заявка может находиться в статусе «Заморожена».

5.5. Если проверка не пройдена, Клиент может загрузить документы повторно или обратиться в поддержку. Сервис вправе отказать в обмене без объяснения причин, если проверка не пройдена или Клиент отказался её проходить; в этом случае средства возвращаются по правилам раздела 6.

## 6. Возвраты

6.1. Возврат средств возможен, если заявка не может быть исполнена: Клиент отказался от пересчёта, проверка не пройдена, направление приостановлено, поступившая сумма меньше минимальной или больше резерва, либо платёж пришёл с реквизитов, не принадлежащих Клиенту.

6.2. Средства возвращаются только отправителю: на карту или счёт, с которых поступила оплата, а для криптовалют — на адрес, указанный Клиентом для возврата. Возврат третьим лицам и на другие реквизиты не производится.

6.3. Из суммы возврата удерживаются фактические расходы Сервиса: комиссия сети или банка за обратный перевод. Если возврат вызван нарушением Соглашения со стороны Клиента, Сервис вправе удержать также свои расходы на обработку заявки, о чём сообщает Клиенту до возврата.

6.4. Возврат выполняется после того, как Клиент предоставил реквизиты для возврата и прошёл требуемые проверки; статус «Возвращено» показан на странице заявки и приходит письмом. Для банковских переводов срок зачисления зависит от банка получателя.

6.5. Исполненная заявка (статус «Выплачено») возврату не подлежит.

## 7. Лимиты и резервы

7.1. Для каждого направления установлены минимальная и максимальная сумма обмена; они показаны в форме обмена. Заявка на сумму вне этих пределов не создаётся.

7.2. Сумма к получению не может превышать резерв Сервиса по получаемому активу. Резервы показаны на сайте и обновляются в реальном времени.

7.3. Сервис вправе ограничить число заявок с одного адреса электронной почты, IP-адреса или аккаунта в единицу времени, чтобы защитить Сервис от злоупотреблений.

7.4. Для отдельных направлений и сумм Сервис вправе запросить верификацию карты или личности до исполнения заявки.

## 8. Ответственность сторон

8.1. Сервис отвечает за исполнение заявки в соответствии с её условиями после поступления оплаты в полной сумме и прохождения требуемых проверок.

8.2. Сервис не отвечает за задержки и потери, вызванные ошибкой в реквизитах, которые указал Клиент; работой банков, платёжных систем и блокчейн-сетей; действиями третьих лиц; обстоятельствами непреодолимой силы.

8.3. Клиент отвечает за достоверность предоставленных данных, за законность происхождения средств и за сохранность доступа к своей почте, аккаунту и кошелькам.

8.4. Ответственность Сервиса по заявке ограничена суммой этой заявки.

8.5. Споры решаются путём переговоров через службу поддержки. Претензию направляют через форму обратной связи или мессенджер поддержки с номером заявки; поддержка отвечает с 8:00 до 24:00 по GMT+3. Верифицированные пользователи получают приоритет при рассмотрении споров.

## 9. Запрещённое использование

Клиенту запрещается:

- обменивать средства, полученные преступным путём, а также использовать Сервис для финансирования терроризма, обхода санкций или иной незаконной деятельности;
- платить с чужих карт и счетов, а также использовать карты, счета и кошельки третьих лиц без их согласия;
- предоставлять поддельные, отредактированные или чужие документы и фотографии;
- создавать заявки в интересах третьих лиц без их ведома, в том числе по просьбе незнакомых людей («дропы», «работа с переводами»);
- вмешиваться в работу сайта и API, обходить ограничения, подбирать пароли и ссылки заявок;
- регистрировать несколько аккаунтов для злоупотребления партнёрской программой.

При нарушении Сервис вправе заморозить заявку, заблокировать аккаунт и передать сведения в уполномоченные органы в случаях, предусмотренных законом.

## 10. Противодействие отмыванию денег (AML)

10.1. Сервис проверяет операции в соответствии с Политикой AML и KYC: анализирует происхождение криптовалюты, реквизиты и поведение Клиента, сверяет их со списками ограничений.

10.2. Заявка, вызвавшая подозрение, замораживается до завершения проверки. Сервис вправе запросить документы о происхождении средств и о личности Клиента.

10.3. Если риск подтверждён, Сервис отказывает в обмене; средства возвращаются отправителю, если этому не препятствует закон или требование уполномоченного органа.

## 11. Персональные данные и сроки хранения

11.1. Сервис обрабатывает данные, необходимые для исполнения заявок и соблюдения требований AML: адрес электронной почты, реквизиты отправки и получения, суммы и историю заявок, IP-адрес (в виде хэша для защиты от злоупотреблений), а для зарегистрированных Клиентов — имя, телефон и настройки аккаунта.

11.2. Фотографии карт, чеки и документы проверки личности хранятся в зашифрованном виде и доступны только сотрудникам, которые их проверяют; каждый просмотр записывается в журнал.

11.3. Файлы проверки личности (документ и фотография) удаляются через {{kycRetentionDays}} дн. после решения по проверке; запись о решении (кто и когда его принял) хранится дольше как часть истории операций.

11.4. История заявок и журнал действий сотрудников хранятся в течение срока, необходимого для исполнения требований AML и рассмотрения споров.

11.5. Клиент может удалить аккаунт в личном кабинете. Удаление необратимо; сведения об уже исполненных заявках сохраняются в объёме, который требуется для целей раздела 10.

11.6. Сервис не передаёт данные Клиентов третьим лицам, кроме случаев, когда это необходимо для исполнения заявки (банки и платёжные системы) или требуется по закону.

## 12. Изменение соглашения

12.1. Сервис вправе изменять Соглашение, публикуя новую редакцию на этой странице с номером и датой. Новая редакция вступает в силу с момента публикации и применяется к заявкам, созданным после неё; к уже созданным заявкам применяется редакция, принятая при их создании.

12.2. Предыдущие редакции остаются доступны на этой странице.

## 13. Контакты

По всем вопросам, связанным с заявками, проверками и Соглашением, обращайтесь в службу поддержки: [чат поддержки]({{supportUrl}}) или форма на странице [Контакты](/contacts). Поддержка отвечает ежедневно с 8:00 до 24:00 по московскому времени (GMT+3). В обращении укажите номер заявки, если вопрос касается обмена.
`;

export const TERMS_EN = `These terms of use (the "Terms") set out how the Exchanger service exchanges digital assets and fiat money. By creating an order or an account and ticking the box accepting the Terms you confirm that you have read them in full, understood them and accept them without reservation. The number and date of the version you accepted are kept with your order and your account.

## 1. General provisions and parties

1.1. The parties to the Terms are the Exchanger exchange service (the "Service") and any natural person of full legal capacity, aged 18 or over, who uses the Service's website, creates an exchange order or registers an account (the "Client").

1.2. The Service works around the clock: orders are processed 24/7. Support answers every day from 8:00 to 24:00 Moscow time (GMT+3).

1.3. The Terms are a public offer. The offer is accepted by ticking "I accept the terms of use" when signing up or creating an order. Without acceptance no order is created and no account is registered.

1.4. The Client uses the Service in their own name and interest. Acting for third parties without their knowledge and giving others access to one's account are forbidden.

## 2. Terms and definitions

- **Order** — the Client's instruction to exchange a stated amount of one asset (sent) for another (received) in a chosen direction; each order has a number and a secret link on which the Client follows its status.
- **Exchange direction** — a pair "asset sent → asset received" with its own minimum and maximum amount, markup, rate types and payment time.
- **Asset** — a cryptocurrency, non-cash money (a bank card, an account, an e-wallet) or cash in a city where the Service accepts or pays out cash.
- **Details** — the card or account number or wallet address the Client pays from or receives to.
- **Reserve** — the amount of the received asset the Service holds for payouts in a direction; an order cannot exceed the reserve.
- **Fixed rate** and **floating rate** — the rate types described in section 4.
- **Card verification** — confirming that the Client owns the bank card they pay with.
- **Identity verification (KYC)** — checking the Client's identity with a document and a photo.
- **AML** — measures against laundering the proceeds of crime and financing terrorism, set out in the AML and KYC policy, which forms an integral part of the Terms.

## 3. The order and its life cycle

3.1. To create an order the Client chooses the direction and rate type, enters the amount, the receiving details, an e-mail address and, where asked, the sender's details. Before confirming, the Client must check every detail: the Service cannot recover funds sent to wrong details entered by the Client.

3.2. Once created, an order goes through these statuses:

1. **Waiting** — the order is created and the Service waits for the payment. The payment timer runs in this status.
2. **Payment received** — the Client's funds have arrived; the payout is being prepared and will be sent shortly.
3. **Paid** — the funds have been sent to the Client's details; the order is complete.
4. **Frozen** — the order is stopped for an extra check (card or identity verification, mismatching details, a security request).
5. **Payment issue** — the amount received differs from the order, the payment came from someone else's details or the payout cannot be sent; an operator will contact the Client.
6. **Returned** — the funds have been returned to the Client under section 6.
7. **Deleted** — the order is closed: not paid before the timer ended (expired), cancelled by the Client before paying, or closed by an operator.

3.3. The Client may cancel an order until they have sent the payment. A payment already sent cannot be cancelled: it is handled under these Terms.

3.4. When paying by bank card the Client attaches the transfer receipt to the order. A receipt can be uploaded once; to replace it the Client contacts support.

3.5. The time to pay is shown in the order and is set per direction. If the Client cannot pay in time, the order time may be extended while the details are agreed with support. Funds that arrive after the timer ends are recalculated at the rate at the moment they arrive.

3.6. Every status change is shown live on the order page and sent by e-mail to the address given.

## 4. Rates and rate fixing

4.1. The Service calculates the exchange rate from exchanges' and quote providers' data with the markup set for the direction. The rate shown in the exchange form applies at the moment the order is created.

4.2. A **fixed rate** is locked in the order for the whole time given to pay. If the full payment arrives within that time, the Client receives the amount stated in the order whatever the market does.

4.3. A **floating rate** is taken from an exchange at the moment the Client's funds arrive (for cryptocurrencies, after the required network confirmations). The amount to receive in a floating-rate order is an estimate and is recalculated when the payment arrives.

4.4. If the payment arrives after the order time or in an amount other than stated, the order is recalculated at the current rate; if the Client does not accept the recalculation, the funds are returned under section 6.

4.5. The Service may suspend a direction during sharp market moves, a quote provider failure or a network outage; fixed-rate orders already created are executed at the locked rate.

## 5. Card and identity verification (KYC)

5.1. When paying by bank card the Service asks to verify the card: the Client uploads a photo of the card face against the order page showing the order number and the site address. For a virtual card — a screenshot with two windows: the order page and the bank app. The card number except the first six and last four digits, and the expiry date, may be hidden. The image must not be edited.

5.2. A card is verified once: exchanges from a verified card go through without a new check. A registered Client may keep verified cards in their account.

5.3. A registered Client may pass identity verification (KYC) by uploading an identity document and a photo holding it. Verified Clients exchange without card verification and get priority when disputes are handled.

5.4. The Service may ask for identity verification for some directions and amounts and in the cases set out in the AML and KYC policy. Until the check ends the order may stay frozen.

5.5. If a check fails, the Client may upload the documents again or contact support. The Service may refuse an exchange without giving reasons when a check fails or the Client declines it; the funds are then returned under section 6.

## 6. Refunds

6.1. Funds are refunded when an order cannot be executed: the Client declined a recalculation, a check failed, the direction was suspended, the amount received is below the minimum or above the reserve, or the payment came from details that are not the Client's.

6.2. Refunds go to the sender only: to the card or account the payment came from, and for cryptocurrencies to the refund address the Client gave. No refunds are made to third parties or other details.

6.3. The Service's actual costs are deducted from a refund: the network or bank fee of the return transfer. If the refund results from the Client's breach of the Terms, the Service may also keep its processing costs and tells the Client before refunding.

6.4. A refund is made after the Client has given the refund details and passed the required checks; the order page shows the status "Returned" and an e-mail tells the Client. For bank transfers the crediting time depends on the receiving bank.

6.5. An executed order (status "Paid") is not refundable.

## 7. Limits and reserves

7.1. Each direction has a minimum and a maximum amount, shown in the exchange form. An order outside these limits is not created.

7.2. The amount to receive cannot exceed the Service's reserve of the received asset. Reserves are shown on the site and updated live.

7.3. The Service may limit the number of orders per e-mail address, IP address or account over time to protect the Service from abuse.

7.4. For some directions and amounts the Service may ask for card or identity verification before executing an order.

## 8. Liability

8.1. The Service is liable for executing an order on its terms once the full payment has arrived and the required checks are passed.

8.2. The Service is not liable for delays and losses caused by wrong details entered by the Client; the operation of banks, payment systems and blockchain networks; the actions of third parties; force majeure.

8.3. The Client is responsible for the accuracy of the data given, the lawful origin of the funds and keeping access to their e-mail, account and wallets safe.

8.4. The Service's liability for an order is limited to the amount of that order.

8.5. Disputes are settled by negotiation through support. A claim is sent through the feedback form or the support messenger with the order number; support answers from 8:00 to 24:00 GMT+3. Verified users get priority in disputes.

## 9. Prohibited use

The Client must not:

- exchange proceeds of crime or use the Service to finance terrorism, evade sanctions or for any other unlawful activity;
- pay from someone else's cards and accounts, or use third parties' cards, accounts and wallets without their consent;
- submit forged, edited or someone else's documents and photos;
- create orders for third parties without their knowledge, including at the request of strangers ("money mule" or "transfer jobs");
- interfere with the site and the API, bypass limits, guess passwords or order links;
- register several accounts to abuse the referral programme.

On a breach the Service may freeze the order, block the account and report to the competent authorities where the law requires.

## 10. Anti-money laundering (AML)

10.1. The Service checks operations under the AML and KYC policy: it analyses the origin of cryptocurrency, the details and the Client's behaviour, and screens them against restriction lists.

10.2. An order raising suspicion is frozen until the check ends. The Service may ask for documents on the origin of the funds and the Client's identity.

10.3. If the risk is confirmed, the Service refuses the exchange; the funds are returned to the sender unless the law or a competent authority's order prevents it.

## 11. Personal data and retention

11.1. The Service processes the data needed to execute orders and meet AML requirements: the e-mail address, sending and receiving details, amounts and order history, the IP address (as a hash, against abuse) and, for registered Clients, the name, phone and account settings.

11.2. Card photos, receipts and identity documents are stored encrypted and are available only to the staff who review them; every view is logged.

11.3. Identity verification files (the document and the photo) are deleted {{kycRetentionDays}} days after the decision on the check; the record of the decision (who made it and when) is kept longer as part of the operations history.

11.4. The order history and the staff action log are kept for as long as AML requirements and the handling of disputes need.

11.5. The Client may delete their account in the user area. Deletion is permanent; records of executed orders are kept to the extent section 10 requires.

11.6. The Service does not pass Clients' data to third parties except where an order needs it (banks and payment systems) or the law requires it.

## 12. Changes to these terms

12.1. The Service may change the Terms by publishing a new version on this page with its number and date. A new version takes effect from its publication and applies to orders created after it; orders already created stay under the version accepted when they were created.

12.2. Earlier versions remain available on this page.

## 13. Contacts

For any question about orders, checks or the Terms, contact support: the [support chat]({{supportUrl}}) or the form on the [Contacts](/contacts) page. Support answers every day from 8:00 to 24:00 Moscow time (GMT+3). Give your order number if the question concerns an exchange.
`;

/** The headings every version of the terms carries (the tests check the seeded texts hold them). */
export const TERMS_SECTIONS = {
  ru: ['стороны', 'определения', 'жизненный цикл', 'фиксация курса', 'KYC', 'Возвраты', 'Лимиты', 'Ответственность', 'Запрещённое', 'AML', 'сроки хранения', 'Контакты'],
  en: ['parties', 'definitions', 'life cycle', 'rate fixing', 'KYC', 'Refunds', 'Limits', 'Liability', 'Prohibited', 'AML', 'retention', 'Contacts'],
} as const;
