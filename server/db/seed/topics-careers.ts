import type { Kysely } from "kysely";
import type { DB, I18nText } from "../types";

/**
 * The demo chain's articles and job openings (issue 14 point 4), in es, en and ar, written for the fictional company
 * of the content pages (Horno Rojo Alimentos). Written once, like the content pages: the seed never overwrites a row
 * that exists (an article by slug and language, an opening by code), so what the chain changed stays.
 * One article is published after the demo's pinned clock (2026-11-20): it shows once its date has come.
 */
type Article = { es: Text; en: Text; ar: Text; publishedAt: string };
type Text = { title: string; summary: string; body: string };

export const demoTopics: Record<string, Article> = {
  "como-hacemos-la-masa": {
    publishedAt: "2026-10-06T15:00:00.000Z",
    es: {
      title: "Cómo hacemos nuestra masa",
      summary: "Harina, agua, sal, levadura y 48 horas de paciencia: así nace cada pizza en nuestras sucursales.",
      body: `Cada mañana, antes de abrir, el equipo de cocina de cada sucursal prepara la masa del día siguiente.

## Cuatro ingredientes
- **Harina de trigo** de molinos de Puebla y Sonora.
- **Agua** filtrada, fría.
- **Sal** de mar.
- **Levadura**, muy poca: el tiempo hace el resto.

## 48 horas en frío
La masa reposa dos días en refrigeración. Así desarrolla sabor, se digiere mejor y hornea con burbujas ligeras en la orilla.

## Estirada a mano
No usamos rodillo: estiramos cada base a mano para no sacarle el aire. Por eso ninguna pizza sale idéntica a otra.

¿Quieres saber qué lleva cada pizza? Consulta [alérgenos y nutrición](/nutritional-content).`,
    },
    en: {
      title: "How we make our dough",
      summary: "Flour, water, salt, yeast and 48 hours of patience: how every pizza starts in our stores.",
      body: `Every morning, before opening, each store's kitchen team makes the next day's dough.

## Four ingredients
- **Wheat flour** from mills in Puebla and Sonora.
- **Water**, filtered and cold.
- **Sea salt**.
- **Yeast**, very little: time does the rest.

## 48 hours in the cold
The dough rests for two days in the fridge. It gains flavor, is easier to digest and bakes with light bubbles in the crust.

## Stretched by hand
We use no rolling pin: every base is stretched by hand to keep the air in. That is why no two pizzas are alike.

Want to know what each pizza contains? See [allergens and nutrition](/nutritional-content).`,
    },
    ar: {
      title: "كيف نحضّر عجينتنا",
      summary: "دقيق وماء وملح وخميرة و48 ساعة من الصبر: هكذا تبدأ كل بيتزا في فروعنا.",
      body: `كل صباح، قبل الافتتاح، يحضّر فريق المطبخ في كل فرع عجينة اليوم التالي.

## أربعة مكوّنات
- **دقيق القمح** من مطاحن بويبلا وسونورا.
- **ماء** مفلتر وبارد.
- **ملح** البحر.
- **خميرة** بكمية قليلة جدًا: والوقت يتكفّل بالباقي.

## 48 ساعة في البرودة
ترتاح العجينة يومين في الثلاجة، فتكتسب نكهة أغنى ويسهل هضمها وتُخبز بفقاعات خفيفة في الأطراف.

## تُفرد باليد
لا نستخدم الشوبك: نفرد كل قاعدة باليد لنحافظ على الهواء فيها، ولذلك لا تتشابه بيتزا مع أخرى.

هل تريد معرفة مكوّنات كل بيتزا؟ راجع [مسببات الحساسية والقيم الغذائية](/nutritional-content).`,
    },
  },
  "salsa-de-tomate-en-casa": {
    publishedAt: "2026-11-02T16:00:00.000Z",
    es: {
      title: "Receta: nuestra salsa de tomate en casa",
      summary: "La salsa de nuestras pizzas, en versión para tu cocina: cinco ingredientes y diez minutos.",
      body: `Esta es la versión casera de la salsa que untamos en cada pizza.

## Ingredientes (para 2 pizzas medianas)
| Ingrediente | Cantidad |
|---|---|
| Tomate saladet maduro | 6 piezas |
| Ajo | 1 diente |
| Aceite de oliva | 2 cucharadas |
| Orégano seco | 1 cucharadita |
| Sal | al gusto |

## Preparación
1. Escalda los tomates un minuto, pélalos y quítales las semillas.
2. Licúalos sin agua, con el ajo.
3. Calienta el aceite, agrega la salsa y cocina 8 minutos a fuego bajo.
4. Apaga, agrega el orégano y la sal. Deja enfriar antes de untar.

*Consejo:* no la cocines de más; en el horno se termina de concentrar.`,
    },
    en: {
      title: "Recipe: our tomato sauce at home",
      summary: "The sauce on our pizzas, in a version for your kitchen: five ingredients and ten minutes.",
      body: `This is the home version of the sauce we spread on every pizza.

## Ingredients (for 2 medium pizzas)
| Ingredient | Amount |
|---|---|
| Ripe plum tomatoes | 6 |
| Garlic | 1 clove |
| Olive oil | 2 tablespoons |
| Dried oregano | 1 teaspoon |
| Salt | to taste |

## Method
1. Blanch the tomatoes for a minute, peel and seed them.
2. Blend them without water, with the garlic.
3. Heat the oil, add the sauce and cook for 8 minutes over low heat.
4. Take it off the heat, add the oregano and salt. Let it cool before spreading.

*Tip:* do not overcook it; the oven finishes reducing it.`,
    },
    ar: {
      title: "وصفة: صلصة الطماطم على طريقتنا في البيت",
      summary: "الصلصة التي نضعها على البيتزا، بنسخة لمطبخك: خمسة مكوّنات وعشر دقائق.",
      body: `هذه هي النسخة المنزلية من الصلصة التي ندهن بها كل بيتزا.

## المكوّنات (لبيتزاتين متوسطتين)
| المكوّن | الكمية |
|---|---|
| طماطم ناضجة | 6 حبات |
| ثوم | فص واحد |
| زيت زيتون | ملعقتان كبيرتان |
| زعتر بري مجفف | ملعقة صغيرة |
| ملح | حسب الرغبة |

## التحضير
1. اسلق الطماطم دقيقة واحدة، ثم قشّرها وأزل بذورها.
2. اخلطها مع الثوم دون ماء.
3. سخّن الزيت وأضف الصلصة واطبخها 8 دقائق على نار هادئة.
4. ارفعها عن النار وأضف الزعتر والملح، واتركها تبرد قبل دهنها.

*نصيحة:* لا تُطل طبخها؛ فالفرن يكمل تكثيفها.`,
    },
  },
  "nueva-sucursal-tijuana": {
    publishedAt: "2026-11-16T18:00:00.000Z",
    es: {
      title: "Abrimos en Tijuana Zona Río",
      summary: "Nuestra primera sucursal fuera de la Ciudad de México ya hornea y reparte en Zona Río.",
      body: `Desde noviembre, la sucursal **Tijuana Zona Río** prepara pizzas para llevar y a domicilio.

- Horario: todos los días de 11:00 a 23:00.
- Reparto en Zona Río y colonias vecinas.
- Buscamos equipo: mira las [vacantes](/careers).

Encuéntrala en la [lista de sucursales](/huts).`,
    },
    en: {
      title: "We are open in Tijuana Zona Río",
      summary: "Our first store outside Mexico City now bakes and delivers in Zona Río.",
      body: `Since November, the **Tijuana Zona Río** store makes pizzas for carry-out and delivery.

- Hours: every day from 11:00 to 23:00.
- Delivery in Zona Río and nearby neighborhoods.
- We are hiring: see the [openings](/careers).

Find it in the [list of stores](/huts).`,
    },
    ar: {
      title: "افتتحنا في تيخوانا زونا ريو",
      summary: "أول فرع لنا خارج مدينة مكسيكو أصبح يخبز ويوصّل في زونا ريو.",
      body: `منذ نوفمبر، يحضّر فرع **تيخوانا زونا ريو** البيتزا للاستلام وللتوصيل.

- المواعيد: يوميًا من 11:00 إلى 23:00.
- التوصيل في زونا ريو والأحياء المجاورة.
- نبحث عن فريق: اطّلع على [الوظائف الشاغرة](/careers).

تجده في [قائمة الفروع](/huts).`,
    },
  },
  "pizzas-de-temporada": {
    publishedAt: "2026-12-01T15:00:00.000Z",
    es: {
      title: "Llegan las pizzas de temporada",
      summary: "Del 1 de diciembre al 6 de enero: bacalao, romeritos y ponche de frutas en el menú.",
      body: "Durante las fiestas agregamos al menú dos pizzas de temporada. Te esperamos en tu sucursal.",
    },
    en: {
      title: "Seasonal pizzas are here",
      summary: "From 1 December to 6 January: festive pizzas on the menu.",
      body: "During the holidays we add two seasonal pizzas to the menu. See you at your store.",
    },
    ar: {
      title: "وصلت بيتزا الموسم",
      summary: "من 1 ديسمبر إلى 6 يناير: بيتزا الأعياد في القائمة.",
      body: "خلال الأعياد نضيف إلى القائمة نوعين من بيتزا الموسم. ننتظرك في فرعك.",
    },
  },
};

type OpeningSeed = { code: string; outlet: string; open: boolean; position: number; title: I18nText; description: I18nText };
type Role = Pick<OpeningSeed, "title" | "description">;

/** The sections every opening's description shares, around its own list of tasks, per language. */
const sections: I18nText = {
  es: "## Qué harás\n{tasks}\n\n## Qué ofrecemos\n- Contrato y prestaciones de ley desde el primer día.\n- Horario fijo por semana, publicado con siete días de antelación.\n- Comida en cada turno y capacitación pagada.\n\n## Requisitos\n- Mayor de 18 años.\n- Ganas de aprender y de trabajar en equipo.",
  en: "## What you will do\n{tasks}\n\n## What we offer\n- A contract with full statutory benefits from day one.\n- A fixed weekly schedule, published seven days ahead.\n- A meal every shift and paid training.\n\n## Requirements\n- Aged 18 or over.\n- Keen to learn and to work in a team.",
  ar: "## ما ستقوم به\n{tasks}\n\n## ما نقدّمه\n- عقد مع جميع المزايا القانونية من اليوم الأول.\n- جدول أسبوعي ثابت يُنشر قبل سبعة أيام.\n- وجبة في كل وردية وتدريب مدفوع.\n\n## المتطلبات\n- العمر 18 عامًا فأكثر.\n- الرغبة في التعلّم والعمل ضمن فريق.",
};

/** A role: its title and its tasks (one Markdown list item a line) per language, inside the shared sections. */
function role(title: I18nText, tasks: Record<"es" | "en" | "ar", string[]>): Role {
  const describe = (lng: "es" | "en" | "ar") => sections[lng]!.replace("{tasks}", tasks[lng].map((task) => `- ${task}`).join("\n"));
  return { title, description: { es: describe("es"), en: describe("en"), ar: describe("ar") } };
}

const cook = role(
  { es: "Cocinero/a de pizza", en: "Pizza cook", ar: "طاهي بيتزا" },
  {
    es: ["Preparar la masa del día siguiente y estirar cada base a mano.", "Armar y hornear los pedidos con las recetas de la casa.", "Mantener la cocina limpia y en orden."],
    en: ["Make the next day's dough and stretch every base by hand.", "Build and bake orders to the house recipes.", "Keep the kitchen clean and tidy."],
    ar: ["تحضير عجينة اليوم التالي وفرد كل قاعدة باليد.", "تجهيز الطلبات وخبزها وفق وصفات البيت.", "الحفاظ على نظافة المطبخ وترتيبه."],
  },
);
const rider = role(
  { es: "Repartidor/a en moto", en: "Delivery rider (motorbike)", ar: "عامل توصيل بدراجة نارية" },
  {
    es: ["Entregar los pedidos a tiempo y con cuidado.", "Cobrar en efectivo o con la terminal.", "Necesitas licencia de motociclista vigente; la moto y el casco los pone la sucursal."],
    en: ["Deliver orders on time and with care.", "Take cash or card payments at the door.", "You need a valid motorbike licence; the store provides the bike and helmet."],
    ar: ["توصيل الطلبات في الوقت المحدد وبعناية.", "تحصيل المبالغ نقدًا أو بالبطاقة عند الباب.", "تحتاج إلى رخصة قيادة دراجة نارية سارية؛ ويوفّر الفرع الدراجة والخوذة."],
  },
);
const cashier = role(
  { es: "Cajero/a y atención a clientes", en: "Cashier and customer service", ar: "أمين صندوق وخدمة عملاء" },
  {
    es: ["Atender a los clientes en mostrador y por teléfono.", "Cobrar y cerrar la caja de cada turno.", "Avisar a cocina de cada pedido para llevar."],
    en: ["Serve customers at the counter and on the phone.", "Take payments and close the till every shift.", "Pass every carry-out order to the kitchen."],
    ar: ["خدمة العملاء عند المنضدة وعبر الهاتف.", "تحصيل المبالغ وإغلاق الصندوق في كل وردية.", "إبلاغ المطبخ بكل طلب استلام."],
  },
);
const shiftManager = role(
  { es: "Gerente de turno", en: "Shift manager", ar: "مدير وردية" },
  {
    es: ["Dirigir al equipo de cocina, caja y reparto durante el turno.", "Cuidar los tiempos de entrega y la calidad de cada pizza.", "Experiencia de al menos un año coordinando personal."],
    en: ["Lead the kitchen, till and delivery team during the shift.", "Watch delivery times and the quality of every pizza.", "At least one year's experience leading a team."],
    ar: ["قيادة فريق المطبخ والصندوق والتوصيل خلال الوردية.", "متابعة أوقات التوصيل وجودة كل بيتزا.", "خبرة لا تقل عن سنة في إدارة فريق."],
  },
);

/** An opening at an outlet (by the outlet's code): open unless said, placed in the outlet's list by `position`. */
const opening = (code: string, outlet: string, position: number, what: Role, open = true): OpeningSeed => ({ code, outlet, open, position, ...what });

export const demoOpenings: OpeningSeed[] = [
  opening("ROM-COCINA", "MX-ROM-01", 1, cook),
  opening("ROM-REPARTO", "MX-ROM-01", 2, rider),
  opening("POL-CAJA", "MX-POL-01", 1, cashier),
  opening("TIJ-GERENCIA", "MX-TIJ-01", 1, shiftManager),
  opening("TIJ-COCINA", "MX-TIJ-01", 2, cook),
  // Filled: kept closed, so its page is a 404 (the tests use it).
  opening("CEN-CAJA", "MX-CEN-01", 1, cashier, false),
];
export async function seedTopics(db: Kysely<DB>): Promise<void> {
  const rows = Object.entries(demoTopics).flatMap(([slug, article]) =>
    (["es", "en", "ar"] as const).map((lng) => ({ slug, lng, ...article[lng], published_at: article.publishedAt })),
  );
  await db.insertInto("topics").values(rows).onConflict((oc) => oc.columns(["slug", "lng"]).doNothing()).execute();
}

/** The openings of the outlets that exist (a database without the demo outlets gets none). */
export async function seedOpenings(db: Kysely<DB>): Promise<void> {
  const outlets = await db.selectFrom("outlets").select(["id", "code"]).where("code", "in", demoOpenings.map((o) => o.outlet)).execute();
  const idOf = new Map(outlets.map((o) => [o.code, o.id]));
  const rows = demoOpenings
    .filter((o) => idOf.has(o.outlet))
    .map((o) => ({
      code: o.code,
      outlet_id: idOf.get(o.outlet)!,
      open: o.open,
      position: o.position,
      title: JSON.stringify(o.title),
      description: JSON.stringify(o.description),
    }));
  if (rows.length === 0) return;
  await db.insertInto("job_openings").values(rows).onConflict((oc) => oc.column("code").doNothing()).execute();
}
