import type { Kysely } from "kysely";
import type { ContentType } from "#server/content/pages";
import type { DB } from "../types";
import { tenant } from "#server/tenant";
import { seedOpenings, seedTopics } from "./topics-careers";

/**
 * The demo chain's content pages (issue 14 point 1), in es, en and ar: a fictional company (Horno Rojo Alimentos,
 * S.A. de C.V.) with made-up addresses, numbers and RFC. Written once: the seed never overwrites a page a manager
 * has edited (on conflict do nothing).
 */
type Text = { title: string; body: string };
type Page = Record<"es" | "en" | "ar", Text>;

const COMPANY = tenant.legalName;
const RFC = "HRA-000000-XX0";
const ADDRESS = "Av. Álvaro Obregón 120, Roma Norte, Cuauhtémoc, 06700 Ciudad de México";
const CARE_PHONE = tenant.customerCarePhone;
const CARE_MAIL = "atencion@pizzademo.mx";
const PRIVACY_MAIL = "privacidad@pizzademo.mx";

export const demoContent: Record<ContentType, Page> = {
  term_and_condition: {
    es: {
      title: "Términos y condiciones",
      body: `Estos términos rigen los pedidos hechos en esta tienda en línea, operada por ${COMPANY} (RFC ${RFC}), con domicilio en ${ADDRESS}. Al hacer un pedido los aceptas.

## Pedidos
- Los precios están en pesos mexicanos e incluyen IVA. El precio que pagas es el que muestra el resumen al confirmar.
- Un pedido se confirma cuando ves su número y su seguimiento. Te enviamos la confirmación por correo.
- La sucursal puede cancelar un pedido que no pueda preparar (falta de producto, fuera de zona o de horario); si ya pagaste en línea, liberamos o reembolsamos el cargo.

## Entrega y recogida
Los tiempos son estimados y dependen de la sucursal, el tráfico y el clima. Consulta la [política de entrega](/conditions).

## Pago
Aceptamos efectivo y tarjeta al recibir, y tarjeta en línea. El pago en línea lo procesa un proveedor certificado; nunca guardamos los datos de tu tarjeta.

## Cupones y promociones
Cada cupón tiene sus propias condiciones; no son acumulables salvo que se indique. Consulta los [términos de campañas](/campaigns-term-and-condition).

## Dudas y quejas
Llámanos al ${CARE_PHONE} o escribe a ${CARE_MAIL}.`,
    },
    en: {
      title: "Terms and conditions",
      body: `These terms govern orders placed in this online store, run by ${COMPANY} (RFC ${RFC}), ${ADDRESS}. By placing an order you accept them.

## Orders
- Prices are in Mexican pesos and include VAT. You pay the price the summary shows when you confirm.
- An order is confirmed when you see its number and its tracker. We send the confirmation by email.
- A store may cancel an order it cannot prepare (an item out of stock, outside its area or hours); if you paid online, we release or refund the charge.

## Delivery and carry-out
Times are estimates and depend on the store, traffic and weather. See the [delivery policy](/conditions).

## Payment
We take cash and card at the door, and card online. Online payments are processed by a certified provider; we never store your card details.

## Coupons and promotions
Each coupon has its own conditions; coupons cannot be combined unless stated. See the [campaign terms](/campaigns-term-and-condition).

## Questions and complaints
Call ${CARE_PHONE} or write to ${CARE_MAIL}.`,
    },
    ar: {
      title: "الشروط والأحكام",
      body: `تنظّم هذه الشروط الطلبات المقدَّمة في هذا المتجر الإلكتروني الذي تديره شركة ${COMPANY} (الرقم الضريبي ${RFC})، وعنوانها ${ADDRESS}. بتقديم طلبك فإنك توافق عليها.

## الطلبات
- الأسعار بالبيزو المكسيكي وتشمل ضريبة القيمة المضافة. تدفع السعر الظاهر في الملخّص عند التأكيد.
- يُعدّ الطلب مؤكَّدًا عندما ترى رقمه وصفحة تتبّعه، ونرسل لك التأكيد بالبريد الإلكتروني.
- يجوز للفرع إلغاء طلب لا يستطيع تحضيره (نفاد منتج، أو خارج منطقة التوصيل أو ساعات العمل)؛ وإذا دفعت عبر الإنترنت نُلغي الحجز أو نعيد المبلغ.

## التوصيل والاستلام
الأوقات تقديرية وتعتمد على الفرع وحركة المرور والطقس. راجع [سياسة التوصيل](/conditions).

## الدفع
نقبل الدفع نقدًا أو بالبطاقة عند الاستلام، وبالبطاقة عبر الإنترنت. يعالج الدفعَ الإلكتروني مزوّدٌ معتمد، ولا نحتفظ أبدًا ببيانات بطاقتك.

## القسائم والعروض
لكل قسيمة شروطها، ولا تُجمع القسائم ما لم يُذكر ذلك. راجع [شروط الحملات](/campaigns-term-and-condition).

## الاستفسارات والشكاوى
اتصل بالرقم ${CARE_PHONE} أو راسلنا على ${CARE_MAIL}.`,
    },
  },
  faq: {
    es: {
      title: "Preguntas frecuentes",
      body: `## ¿Cómo hago un pedido?
Elige entrega a domicilio (con tu código postal) o para llevar (con una sucursal), agrega productos al carrito y confirma en la caja. Puedes pedir para ahora o para más tarde, dentro del horario de la sucursal.

## ¿Cuánto tarda mi pedido?
La entrega suele tardar entre 30 y 45 minutos; para llevar, unos 15 a 20. El seguimiento de tu pedido muestra cada etapa en vivo.

## ¿Qué formas de pago aceptan?
Efectivo o tarjeta al recibir, y tarjeta en línea (Visa, Mastercard y American Express). Con tarjeta en línea, la sucursal recibe tu pedido en cuanto el banco autoriza el pago.

## ¿Cómo uso un cupón?
Escribe el código en el campo *Código de cupón* del carrito o de la caja. Si no aplica, te decimos por qué.

## ¿Dónde veo los alérgenos y las calorías?
En la [tabla de información nutrimental](/nutritional-content), por producto y tamaño.

## ¿Puedo cancelar mi pedido?
Llama a tu sucursal o al ${CARE_PHONE} lo antes posible; si aún no se prepara, lo cancelamos y, si pagaste en línea, liberamos el cargo.

## ¿Necesito factura?
Marca *Necesito factura (CFDI)* en la caja y escribe tus datos fiscales.`,
    },
    en: {
      title: "Frequently asked questions",
      body: `## How do I order?
Choose delivery (with your postal code) or carry-out (with a store), add items to the cart and confirm at checkout. You can order for now or for later, within the store's hours.

## How long will my order take?
Delivery usually takes 30 to 45 minutes; carry-out about 15 to 20. Your order's tracker shows every stage live.

## Which payment methods do you take?
Cash or card at the door, and card online (Visa, Mastercard and American Express). With card online, the store receives your order as soon as your bank authorises the payment.

## How do I use a coupon?
Type the code in the *Coupon code* field of the cart or the checkout. If it does not apply, we tell you why.

## Where can I see allergens and calories?
In the [nutrition table](/nutritional-content), by product and size.

## Can I cancel my order?
Call your store or ${CARE_PHONE} as soon as you can; if it is not being prepared yet, we cancel it and, if you paid online, release the charge.

## Do I need an invoice?
Tick *I need an invoice (CFDI)* at checkout and enter your tax details.`,
    },
    ar: {
      title: "الأسئلة الشائعة",
      body: `## كيف أقدّم طلبًا؟
اختر التوصيل إلى المنزل (مع رمزك البريدي) أو الاستلام من الفرع، وأضف المنتجات إلى السلة، ثم أكّد الطلب عند الدفع. يمكنك الطلب الآن أو لوقت لاحق ضمن ساعات عمل الفرع.

## كم يستغرق طلبي؟
يستغرق التوصيل عادةً من 30 إلى 45 دقيقة، والاستلام من 15 إلى 20 دقيقة تقريبًا. تعرض صفحة تتبّع الطلب كل مرحلة مباشرةً.

## ما طرق الدفع المقبولة؟
نقدًا أو بالبطاقة عند الاستلام، وبالبطاقة عبر الإنترنت (فيزا وماستركارد وأمريكان إكسبريس). عند الدفع بالبطاقة عبر الإنترنت يستلم الفرع طلبك فور موافقة البنك على الدفع.

## كيف أستخدم قسيمة؟
اكتب الرمز في حقل *رمز القسيمة* في السلة أو صفحة الدفع. وإن لم تنطبق نخبرك بالسبب.

## أين أجد مسبّبات الحساسية والسعرات الحرارية؟
في [جدول المعلومات الغذائية](/nutritional-content)، لكل منتج وحجم.

## هل يمكنني إلغاء طلبي؟
اتصل بفرعك أو بالرقم ${CARE_PHONE} في أسرع وقت؛ إن لم يبدأ تحضيره بعد نلغيه، وإن دفعت عبر الإنترنت نُلغي الحجز على المبلغ.

## هل أحتاج إلى فاتورة؟
اختر *أحتاج إلى فاتورة (CFDI)* عند الدفع واكتب بياناتك الضريبية.`,
    },
  },
  privacy_policy: {
    es: {
      title: "Aviso de privacidad",
      body: `${COMPANY}, con domicilio en ${ADDRESS}, es responsable del tratamiento de tus datos personales conforme a la Ley Federal de Protección de Datos Personales en Posesión de los Particulares.

## Datos que tratamos
Nombre, teléfono, correo electrónico, direcciones de entrega y, si tienes cuenta, fecha de nacimiento y tarjeta de lealtad. No guardamos datos de tarjetas bancarias: los procesa nuestro proveedor de pagos.

## Para qué
Preparar y entregar tus pedidos, avisarte de su estado, atender tus dudas y, si lo aceptas, enviarte promociones.

## Tus derechos ARCO
Puedes acceder, rectificar, cancelar u oponerte al tratamiento de tus datos escribiendo a ${PRIVACY_MAIL}. Desde tu perfil puedes descargar tus datos o eliminar tu cuenta.

## Cambios
Publicaremos cualquier cambio a este aviso en esta página.`,
    },
    en: {
      title: "Privacy notice",
      body: `${COMPANY}, ${ADDRESS}, is responsible for processing your personal data under Mexico's Federal Law on the Protection of Personal Data Held by Private Parties.

## The data we process
Name, phone, email, delivery addresses and, if you have an account, date of birth and loyalty card. We do not keep bank card details: our payment provider processes them.

## What for
To prepare and deliver your orders, tell you how they are going, answer your questions and, if you agree, send you promotions.

## Your ARCO rights
You may access, rectify, cancel or object to the processing of your data by writing to ${PRIVACY_MAIL}. From your profile you can download your data or delete your account.

## Changes
We will publish any change to this notice on this page.`,
    },
    ar: {
      title: "إشعار الخصوصية",
      body: `شركة ${COMPANY}، وعنوانها ${ADDRESS}، هي المسؤولة عن معالجة بياناتك الشخصية وفق القانون الاتحادي المكسيكي لحماية البيانات الشخصية لدى الجهات الخاصة.

## البيانات التي نعالجها
الاسم والهاتف والبريد الإلكتروني وعناوين التوصيل، وإن كان لديك حساب: تاريخ الميلاد وبطاقة الولاء. لا نحتفظ ببيانات البطاقات المصرفية، فمزوّد الدفع هو من يعالجها.

## لأي غرض
لتحضير طلباتك وتوصيلها، وإبلاغك بحالتها، والرد على استفساراتك، وإرسال العروض إليك إن وافقت على ذلك.

## حقوقك
يمكنك الاطلاع على بياناتك أو تصحيحها أو إلغاؤها أو الاعتراض على معالجتها بمراسلتنا على ${PRIVACY_MAIL}. ومن ملفك الشخصي يمكنك تنزيل بياناتك أو حذف حسابك.

## التغييرات
سننشر أي تغيير على هذا الإشعار في هذه الصفحة.`,
    },
  },
  delivery_policy: {
    es: {
      title: "Política de entrega",
      body: `## Zona y horario
Entregamos en los códigos postales que atiende cada sucursal, dentro de su horario. Si tu código postal no aparece, puedes pedir para llevar.

## Tiempos
El tiempo estimado aparece al elegir la hora del pedido. Puede alargarse en horas pico o con mal clima; el seguimiento te muestra cada etapa.

## Costo y mínimo
El envío cuesta $39.00 y cada sucursal fija un pedido mínimo para entrega, que verás en el carrito.

## Pago al repartidor
Si pagas en efectivo, nuestros repartidores llevan cambio de hasta $200.00. También puedes pagar con tarjeta al recibir.

## Si algo sale mal
Llámanos al ${CARE_PHONE}: repondremos el producto equivocado o faltante.`,
    },
    en: {
      title: "Delivery policy",
      body: `## Area and hours
We deliver to the postal codes each store serves, within its hours. If your postal code is not listed, you can order carry-out.

## Times
The estimated time shows when you choose your order time. It may be longer at peak hours or in bad weather; the tracker shows every stage.

## Fee and minimum
Delivery costs $39.00 and each store sets a minimum order for delivery, shown in the cart.

## Paying the driver
If you pay cash, our drivers carry change for up to $200.00. You can also pay by card at the door.

## If something goes wrong
Call ${CARE_PHONE}: we will replace a wrong or missing item.`,
    },
    ar: {
      title: "سياسة التوصيل",
      body: `## المنطقة والمواعيد
نوصّل إلى الرموز البريدية التي يخدمها كل فرع ضمن ساعات عمله. إن لم يظهر رمزك البريدي يمكنك الطلب للاستلام من الفرع.

## الأوقات
يظهر الوقت التقديري عند اختيار وقت الطلب، وقد يطول في أوقات الذروة أو مع سوء الطقس، وتعرض صفحة التتبّع كل مرحلة.

## الرسوم والحد الأدنى
رسوم التوصيل ‎$39.00، ويحدّد كل فرع حدًّا أدنى لطلبات التوصيل يظهر في السلة.

## الدفع لمندوب التوصيل
إن دفعت نقدًا يحمل مندوبونا فكّة حتى ‎$200.00، ويمكنك أيضًا الدفع بالبطاقة عند الاستلام.

## إن حدث خطأ
اتصل بنا على ${CARE_PHONE} وسنستبدل المنتج الخاطئ أو الناقص.`,
    },
  },
  user_member_rules: {
    es: {
      title: "Reglas del programa de lealtad",
      body: `## Quién puede participar
Cualquier cliente con cuenta registrada y correo confirmado puede vincular una tarjeta de lealtad de 15 dígitos desde su perfil.

## Beneficios
- Cupones exclusivos para titulares de tarjeta.
- Un juego de cupones al día en la ruleta.
- Historial de pedidos para volver a pedir en un clic.

## Reglas
- Una tarjeta por cuenta; la tarjeta es personal e intransferible.
- Los beneficios no son canjeables por dinero.
- Podemos cambiar estas reglas avisando en esta página con 30 días de anticipación.`,
    },
    en: {
      title: "Loyalty programme rules",
      body: `## Who can take part
Any customer with a registered account and a confirmed email can link a 15-digit loyalty card from their profile.

## Benefits
- Coupons for card holders only.
- One coupon game a day on the wheel.
- Order history to reorder in one click.

## Rules
- One card per account; the card is personal and cannot be transferred.
- Benefits cannot be exchanged for cash.
- We may change these rules with 30 days' notice on this page.`,
    },
    ar: {
      title: "قواعد برنامج الولاء",
      body: `## من يمكنه المشاركة
يمكن لأي عميل لديه حساب مسجَّل وبريد إلكتروني مؤكَّد أن يربط بطاقة ولاء من 15 رقمًا من ملفه الشخصي.

## المزايا
- قسائم حصرية لحاملي البطاقة.
- لعبة قسائم واحدة يوميًا على العجلة.
- سجل الطلبات لإعادة الطلب بنقرة واحدة.

## القواعد
- بطاقة واحدة لكل حساب، والبطاقة شخصية ولا يجوز نقلها.
- لا تُستبدل المزايا بالمال.
- يجوز لنا تغيير هذه القواعد بإشعار في هذه الصفحة قبل 30 يومًا.`,
    },
  },
  cmn_commercial_transactions: {
    es: {
      title: "Información comercial",
      body: `Información para el consumidor conforme a la Ley Federal de Protección al Consumidor y la NOM-247-SE-2021.

| Dato | Valor |
|---|---|
| Razón social | ${COMPANY} |
| RFC | ${RFC} |
| Domicilio | ${ADDRESS} |
| Atención a clientes | ${CARE_PHONE}, ${CARE_MAIL} |
| Horario de atención | Todos los días de 10:00 a 23:00 |

## Precios y pago
Todos los precios incluyen IVA. El total, con el envío y los descuentos, se muestra antes de confirmar.

## Quejas
Si no resolvemos tu queja, puedes acudir a la Procuraduría Federal del Consumidor (Profeco).`,
    },
    en: {
      title: "Commercial information",
      body: `Consumer information under Mexico's Federal Consumer Protection Law and NOM-247-SE-2021.

| Item | Value |
|---|---|
| Company name | ${COMPANY} |
| Tax id (RFC) | ${RFC} |
| Address | ${ADDRESS} |
| Customer care | ${CARE_PHONE}, ${CARE_MAIL} |
| Hours | Every day from 10:00 to 23:00 |

## Prices and payment
All prices include VAT. The total, with delivery and discounts, shows before you confirm.

## Complaints
If we do not resolve your complaint, you may turn to the Federal Consumer Protection Agency (Profeco).`,
    },
    ar: {
      title: "المعلومات التجارية",
      body: `معلومات للمستهلك وفق القانون الاتحادي المكسيكي لحماية المستهلك والمعيار NOM-247-SE-2021.

| البيان | القيمة |
|---|---|
| الاسم التجاري | ${COMPANY} |
| الرقم الضريبي | ${RFC} |
| العنوان | ${ADDRESS} |
| خدمة العملاء | ${CARE_PHONE}، ${CARE_MAIL} |
| ساعات الخدمة | يوميًا من 10:00 إلى 23:00 |

## الأسعار والدفع
جميع الأسعار تشمل ضريبة القيمة المضافة، ويظهر الإجمالي مع التوصيل والخصومات قبل التأكيد.

## الشكاوى
إن لم نحلّ شكواك يمكنك اللجوء إلى المكتب الاتحادي لحماية المستهلك (Profeco).`,
    },
  },
  campaigns_term_and_condition: {
    es: {
      title: "Términos de campañas y cupones",
      body: `- Cada cupón indica su vigencia, sus días y horarios, el monto mínimo y si aplica a entrega, para llevar o ambos.
- Un cupón por pedido, salvo que el cupón diga lo contrario. No aplica con otras promociones.
- Los cupones de campaña se agregan a tu cuenta desde su enlace y se usan una vez.
- El premio de la ruleta vale siete días desde que lo ganas.
- Promociones sujetas a disponibilidad en la sucursal. Imágenes ilustrativas.`,
    },
    en: {
      title: "Campaign and coupon terms",
      body: `- Each coupon states its validity, its days and hours, the minimum amount and whether it applies to delivery, carry-out or both.
- One coupon per order unless the coupon says otherwise. Not valid with other promotions.
- Campaign coupons are added to your account from their link and used once.
- A prize from the wheel is valid for seven days from when you win it.
- Promotions subject to availability at the store. Pictures are illustrative.`,
    },
    ar: {
      title: "شروط الحملات والقسائم",
      body: `- تبيّن كل قسيمة مدة صلاحيتها وأيامها وساعاتها والحد الأدنى للمبلغ، وما إذا كانت تنطبق على التوصيل أو الاستلام أو كليهما.
- قسيمة واحدة لكل طلب ما لم تنص القسيمة على غير ذلك، ولا تُجمع مع عروض أخرى.
- تُضاف قسائم الحملات إلى حسابك من رابطها وتُستخدم مرة واحدة.
- جائزة العجلة صالحة لسبعة أيام من يوم فوزك بها.
- العروض رهن التوفر في الفرع. الصور توضيحية.`,
    },
  },
  promotions: {
    es: {
      title: "Promociones",
      body: `## Martes de pizza
Todos los martes, $40 de descuento con el cupón **MARTESHUT** en pedidos desde $250.

## Hora de la comida
De 12:00 a 16:00, 20 % de descuento con **COMIDA20** y las pizzas mitad y mitad a precio de comida.

## Envío gratis
Con **ENVIOGRATIS**, tu entrega a domicilio no cuesta.

Consulta todos tus cupones en [Cupones](/order/coupons) y sus [términos](/campaigns-term-and-condition).`,
    },
    en: {
      title: "Promotions",
      body: `## Pizza Tuesday
Every Tuesday, $40 off with the coupon **MARTESHUT** on orders from $250.

## Lunch time
From 12:00 to 16:00, 20% off with **COMIDA20**, and half-and-half pizzas at the lunch price.

## Free delivery
With **ENVIOGRATIS**, your delivery is free.

See all your coupons under [Coupons](/order/coupons) and their [terms](/campaigns-term-and-condition).`,
    },
    ar: {
      title: "العروض",
      body: `## ثلاثاء البيتزا
كل ثلاثاء، خصم ‎$40 بالقسيمة **MARTESHUT** على الطلبات من ‎$250.

## وقت الغداء
من 12:00 إلى 16:00، خصم 20٪ بالقسيمة **COMIDA20**، وبيتزا النصف والنصف بسعر الغداء.

## توصيل مجاني
مع **ENVIOGRATIS** يكون التوصيل إلى منزلك مجانيًا.

اطّلع على كل قسائمك في [القسائم](/order/coupons) وعلى [شروطها](/campaigns-term-and-condition).`,
    },
  },
  footer: {
    es: {
      title: "Pie de página",
      body: `- [Sucursales](/huts)
- [Rastrear mi pedido](/tracking)
- [Promociones](/promotions)
- [Preguntas frecuentes](/faq)
- [Alérgenos y nutrición](/nutritional-content)
- [Política de entrega](/conditions)
- [Programa de lealtad](/membership)
- [Términos y condiciones](/terms)
- [Aviso de privacidad](/privacy)
- [Información comercial](/indication-based)
- [Contacto](/contact)
- [Noticias y recetas](/topic)
- [Trabaja con nosotros](/careers)

Precios en pesos mexicanos (MXN), IVA incluido. Imágenes ilustrativas. © ${COMPANY}`,
    },
    en: {
      title: "Footer",
      body: `- [Stores](/huts)
- [Track my order](/tracking)
- [Promotions](/promotions)
- [FAQ](/faq)
- [Allergens and nutrition](/nutritional-content)
- [Delivery policy](/conditions)
- [Loyalty programme](/membership)
- [Terms and conditions](/terms)
- [Privacy notice](/privacy)
- [Commercial information](/indication-based)
- [Contact us](/contact)
- [News and recipes](/topic)
- [Work with us](/careers)

Prices in Mexican pesos (MXN), VAT included. Pictures are illustrative. © ${COMPANY}`,
    },
    ar: {
      title: "تذييل الصفحة",
      body: `- [الفروع](/huts)
- [تتبّع طلبي](/tracking)
- [العروض](/promotions)
- [الأسئلة الشائعة](/faq)
- [مسببات الحساسية والتغذية](/nutritional-content)
- [سياسة التوصيل](/conditions)
- [برنامج الولاء](/membership)
- [الشروط والأحكام](/terms)
- [إشعار الخصوصية](/privacy)
- [المعلومات التجارية](/indication-based)
- [اتصل بنا](/contact)
- [أخبار ووصفات](/topic)
- [اعمل معنا](/careers)

الأسعار بالبيزو المكسيكي (MXN) وتشمل ضريبة القيمة المضافة. الصور توضيحية. © ${COMPANY}`,
    },
  },
};

/** Writes the demo texts that are missing; a page already there (a manager's edit) stays as it is. */
export async function seedContent(db: Kysely<DB>): Promise<void> {
  const rows = Object.entries(demoContent).flatMap(([type, page]) =>
    Object.entries(page).map(([lng, text]) => ({ type, lng, title: text.title, body: text.body })),
  );
  await db.insertInto("content_pages").values(rows).onConflict((oc) => oc.columns(["type", "lng"]).doNothing()).execute();
  await seedTopics(db);
  await seedOpenings(db);
}
