// Home catalogue content (docs/behaviour/home.md, docs/platform-contract.md "Home banners", "Marquee announcements",
// "Game vendors"): the home banner groups m_home and m_event with every linkage type, the marquee announcements
// (types=MQ) for visitors and members, the game vendors the lanes are made of, and the banner pictures drawn as real
// PNGs per merchant. download.ts dispatches the banner groups and the MQ announcements here; the rest are own routes.
import type { WpsContext, WpsRoute } from "../context";
import { notLoggedIn, ok } from "../http";
import { authenticate, tokenFrom } from "../sessions";
import { Canvas, drawnOnce, merchantColours, WHITE, type Bytes } from "../canvas";

const HOME_BANNERS = "/wps/sandbox-files/home-banners/";

// ---------------------------------------------------------------------------------------------------------------
// Banners

type Texts = { EN: string; VI: string; "PT-BR": string };
type Linkage = "P" | "URL" | "G";

interface HomeBanner {
  groupName: "m_home" | "m_event";
  /** Image file under HOME_BANNERS, drawn by drawBanner from `art`. */
  file: string;
  linkageType: Linkage;
  linkage: string;
  gameType: string | null;
  vendor: string | null;
  roomId: string | null;
  nodeId: string | null;
  /** The picture's words (ASCII capitals, the 5×7 font) and its alternative text per language. */
  art: { headline: string; line: string; motif: "coins" | "balls" | "cards" | "link" | "star" };
  title: Texts;
}

const HOME_GROUPS = ["m_home", "m_event"] as const;

export function isHomeBannerGroup(group: string): group is (typeof HOME_GROUPS)[number] {
  return (HOME_GROUPS as readonly string[]).includes(group);
}

function banner(
  groupName: HomeBanner["groupName"],
  file: string,
  link: Pick<HomeBanner, "linkageType" | "linkage"> & Partial<Pick<HomeBanner, "gameType" | "vendor" | "roomId" | "nodeId">>,
  art: HomeBanner["art"],
  title: Texts,
): HomeBanner {
  return { groupName, file, gameType: null, vendor: null, roomId: null, nodeId: null, ...link, art, title };
}

/** Per merchant, in the order the platform answers them (group by group). Every linkage type on every merchant. */
export const HOME_BANNERS_SEED: Readonly<Record<string, readonly HomeBanner[]>> = {
  demo: [
    banner(
      "m_home",
      "demo-first-deposit-v1.png",
      { linkageType: "P", linkage: "demo-first-deposit" },
      { headline: "FIRST DEPOSIT", line: "+100 BONUS", motif: "coins" },
      {
        EN: "First deposit bonus: 100% up to 500",
        VI: "Thưởng nạp đầu: 100% tới 500",
        "PT-BR": "Bônus de primeiro depósito: 100% até 500",
      },
    ),
    banner(
      "m_home",
      "demo-lottery-v1.png",
      { linkageType: "G", linkage: "VN_HN", gameType: "LOTTERY", vendor: "LOTT" },
      { headline: "DAILY LOTTERY", line: "DRAW AT 18 15", motif: "balls" },
      { EN: "Play the daily lottery", VI: "Chơi xổ số hằng ngày", "PT-BR": "Jogue a loteria diária" },
    ),
    banner(
      "m_home",
      "demo-all-games-v1.png",
      { linkageType: "URL", linkage: "/m/game?category=SLOTS" },
      { headline: "SLOTS", line: "ALL GAMES", motif: "star" },
      { EN: "Every slot game in one place", VI: "Mọi trò slot ở một nơi", "PT-BR": "Todos os caça-níqueis em um só lugar" },
    ),
    banner(
      "m_event",
      "demo-partner-cup-v1.png",
      { linkageType: "URL", linkage: "https://partner.example.com/cup" },
      { headline: "PARTNER CUP", line: "OPENS NEW TAB", motif: "link" },
      {
        EN: "The partner cup on our partner's site",
        VI: "Cúp đối tác trên trang của đối tác",
        "PT-BR": "A copa parceira no site do parceiro",
      },
    ),
    banner(
      "m_event",
      "demo-cards-v1.png",
      { linkageType: "G", linkage: "", gameType: "PVP", vendor: "KY" },
      { headline: "CARD TABLES", line: "PLAY NOW", motif: "cards" },
      { EN: "Card tables are open", VI: "Bàn bài đã mở", "PT-BR": "As mesas de cartas estão abertas" },
    ),
  ],
  vn88: [
    banner(
      "m_home",
      "vn88-lottery-v1.png",
      { linkageType: "G", linkage: "VN_MB", gameType: "LOTTERY", vendor: "LOTT" },
      { headline: "XO SO MIEN BAC", line: "18 15 DAILY", motif: "balls" },
      {
        EN: "Northern Vietnam lottery, drawn daily at 18:15",
        VI: "Xổ số miền Bắc, quay lúc 18:15 hằng ngày",
        "PT-BR": "Loteria do norte do Vietnã, sorteio às 18:15",
      },
    ),
    banner(
      "m_home",
      "vn88-welcome-v1.png",
      { linkageType: "P", linkage: "vn88-register" },
      { headline: "WELCOME GIFT", line: "+88 BONUS", motif: "coins" },
      { EN: "Welcome gift of 88 for new players", VI: "Quà chào mừng 88 cho người chơi mới", "PT-BR": "Presente de boas-vindas de 88" },
    ),
    banner(
      "m_event",
      "vn88-results-v1.png",
      { linkageType: "URL", linkage: "/m/game?category=VN_LOTTERY" },
      { headline: "ALL LOTTERIES", line: "VN88", motif: "star" },
      { EN: "Every lottery on VN88", VI: "Tất cả xổ số trên VN88", "PT-BR": "Todas as loterias do VN88" },
    ),
    banner(
      "m_event",
      "vn88-news-v1.png",
      { linkageType: "URL", linkage: "https://news.example.com/vn88" },
      { headline: "LOTTERY NEWS", line: "OPENS NEW TAB", motif: "link" },
      { EN: "Lottery news on our partner's site", VI: "Tin xổ số trên trang đối tác", "PT-BR": "Notícias da loteria no site parceiro" },
    ),
    banner(
      "m_event",
      "vn88-slots-v1.png",
      { linkageType: "G", linkage: "", gameType: "RNG", vendor: "JILI" },
      { headline: "JILI SLOTS", line: "PLAY NOW", motif: "cards" },
      { EN: "JILI slots", VI: "Slot JILI", "PT-BR": "Caça-níqueis JILI" },
    ),
  ],
  br777: [
    banner(
      "m_home",
      "br777-tiger-v1.png",
      { linkageType: "G", linkage: "", gameType: "RNG", vendor: "PGS" },
      { headline: "FORTUNE TIGER", line: "PLAY NOW", motif: "coins" },
      {
        EN: "Fortune Tiger and every PG Soft slot",
        VI: "Fortune Tiger và mọi slot PG Soft",
        "PT-BR": "Fortune Tiger e todos os slots PG Soft",
      },
    ),
    banner(
      "m_home",
      "br777-deposit-v1.png",
      { linkageType: "P", linkage: "br777-first-deposit" },
      { headline: "PRIMEIRO DEPOSITO", line: "+100 BONUS", motif: "star" },
      { EN: "First deposit bonus", VI: "Thưởng nạp đầu", "PT-BR": "Bônus de primeiro depósito" },
    ),
    banner(
      "m_event",
      "br777-lottery-v1.png",
      { linkageType: "G", linkage: "", gameType: "LOTTERY", vendor: "LOTT" },
      { headline: "LOTERIA 777", line: "TODO DIA", motif: "balls" },
      { EN: "Loteria 777, drawn every day", VI: "Loteria 777, quay mỗi ngày", "PT-BR": "Loteria 777, sorteio todo dia" },
    ),
    banner(
      "m_event",
      "br777-cards-v1.png",
      { linkageType: "URL", linkage: "/m/game?category=CARDS" },
      { headline: "CARTAS", line: "TODOS OS JOGOS", motif: "cards" },
      { EN: "Every card game", VI: "Mọi trò bài", "PT-BR": "Todos os jogos de cartas" },
    ),
    banner(
      "m_event",
      "br777-partner-v1.png",
      { linkageType: "URL", linkage: "https://partner.example.com/br777" },
      { headline: "PARCEIRO", line: "NOVA ABA", motif: "link" },
      { EN: "Our partner's site", VI: "Trang của đối tác", "PT-BR": "O site do nosso parceiro" },
    ),
  ],
};

function languageOf(ctx: WpsContext): keyof Texts {
  const language = ctx.request.headers.get("Language")?.trim().toUpperCase() ?? "";
  return language === "VI" || language === "PT-BR" ? language : "EN";
}

/** The banners of one home group, for download.ts's /wps/system/banners. */
export function homeBanners(ctx: WpsContext, groupName: string): unknown[] {
  const language = languageOf(ctx);
  return (HOME_BANNERS_SEED[ctx.merchant.code] ?? [])
    .filter((b) => b.groupName === groupName)
    .map((b) => ({
      groupName: b.groupName,
      url: `${HOME_BANNERS}${b.file}`,
      linkageType: b.linkageType,
      linkage: b.linkage,
      roomId: b.roomId,
      nodeId: b.nodeId,
      gameType: b.gameType,
      vendor: b.vendor,
      title: b.title[language],
    }));
}

// ---------------------------------------------------------------------------------------------------------------
// Marquee announcements (types=MQ)

type MarqueeItem = { id: string; text: Texts };

/** Public marquee items per merchant. One carries HTML, which the product must show as plain text. */
export const MARQUEE_SEED: Readonly<Record<string, readonly MarqueeItem[]>> = {
  demo: [
    {
      id: "demo-mq-jackpot",
      text: {
        EN: "Weekend jackpot: double prizes on every lottery draw this Saturday and Sunday.",
        VI: "Giải độc đắc cuối tuần: gấp đôi tiền thưởng mọi kỳ quay thứ Bảy và Chủ nhật này.",
        "PT-BR": "Jackpot de fim de semana: prêmios em dobro em todos os sorteios neste sábado e domingo.",
      },
    },
    {
      id: "demo-mq-slots",
      text: {
        EN: "<b>New:</b> PG Soft slots are now on Demo Play.",
        VI: "<b>Mới:</b> slot PG Soft đã có trên Demo Play.",
        "PT-BR": "<b>Novo:</b> os slots da PG Soft chegaram ao Demo Play.",
      },
    },
    {
      id: "demo-mq-maintenance",
      text: {
        EN: "Scheduled maintenance on Tuesday 03:00 to 04:00 (GMT+7): deposits may be delayed.",
        VI: "Bảo trì định kỳ thứ Ba 03:00 đến 04:00 (GMT+7): nạp tiền có thể chậm.",
        "PT-BR": "Manutenção programada na terça das 03:00 às 04:00 (GMT+7): depósitos podem atrasar.",
      },
    },
  ],
  vn88: [
    {
      id: "vn88-mq-draw",
      text: {
        EN: "Northern lottery results are announced every day at 18:15.",
        VI: "Kết quả xổ số miền Bắc công bố lúc 18:15 hằng ngày.",
        "PT-BR": "Os resultados da loteria do norte saem todos os dias às 18:15.",
      },
    },
    {
      id: "vn88-mq-tet",
      text: {
        EN: "Lunar New Year: a red envelope for every member who bets on New Year's Eve.",
        VI: "Tết Nguyên Đán: lì xì cho mọi thành viên đặt cược đêm Giao thừa.",
        "PT-BR": "Ano Novo Lunar: um envelope vermelho para cada membro que apostar na véspera.",
      },
    },
  ],
  br777: [
    {
      id: "br777-mq-pix",
      text: {
        EN: "PIX deposits are credited within a minute, every day of the week.",
        VI: "Nạp tiền PIX được cộng trong vòng một phút, mọi ngày trong tuần.",
        "PT-BR": "Depósitos via PIX caem em até um minuto, todos os dias da semana.",
      },
    },
    {
      id: "br777-mq-tiger",
      text: {
        EN: "Fortune Tiger tournament: the top 100 players share the prize pool on Sunday.",
        VI: "Giải đấu Fortune Tiger: 100 người chơi đứng đầu chia giải vào Chủ nhật.",
        "PT-BR": "Torneio Fortune Tiger: os 100 melhores dividem o prêmio no domingo.",
      },
    },
  ],
};

/** Site settings' marqueeSpeed (px/s) per merchant; the others leave it out and get the default. */
export const MARQUEE_SPEED: Readonly<Record<string, number>> = { vn88: 45 };

/** The member's own marquee items (the platform's personal announcements), with the user name. */
function personalItems(merchantCode: string, userName: string): MarqueeItem[] {
  return [
    {
      id: `${merchantCode}-mq-personal-${userName}`,
      text: {
        EN: `${userName}, your weekly cashback is waiting in the rewards centre.`,
        VI: `${userName}, tiền hoàn trả hằng tuần của bạn đang chờ ở trung tâm phần thưởng.`,
        "PT-BR": `${userName}, seu cashback semanal está esperando na central de recompensas.`,
      },
    },
  ];
}

/** GET /wps/relay/MCSFE_getListAnnouncements?types=MQ: public items; with a token, the member's own first. */
export async function marqueeAnnouncements(ctx: WpsContext): Promise<Response> {
  const language = languageOf(ctx);
  let personal: MarqueeItem[] = [];
  if (tokenFrom(ctx.request) !== null) {
    const session = await authenticate(ctx.env.DB, ctx.merchant.code, ctx.request);
    if (session === null) return notLoggedIn();
    personal = personalItems(ctx.merchant.code, session.member.username);
  }
  const toReply = (item: MarqueeItem, isPersonal: boolean) => ({
    id: item.id,
    title: "",
    content: item.text[language],
    types: "MQ",
    platform: "M",
    personal: isPersonal,
  });
  return ok([
    ...personal.map((item) => toReply(item, true)),
    ...(MARQUEE_SEED[ctx.merchant.code] ?? []).map((item) => toReply(item, false)),
  ]);
}

// ---------------------------------------------------------------------------------------------------------------
// Game vendors (GCSGAME_newGameVendor)

interface Vendor {
  accountTypeName: string;
  displayName: string;
  vendorType: "LOTTERY" | "RNG" | "PVP" | "LIVE" | "SPORTS" | "TCG";
  gameClassify: string;
  gameClassifyName: string;
  gameCount: number;
  trial: boolean;
}

const v = (
  gameClassify: string,
  gameClassifyName: string,
  accountTypeName: string,
  displayName: string,
  vendorType: Vendor["vendorType"],
  gameCount: number,
  trial: boolean,
): Vendor => ({ accountTypeName, displayName, vendorType, gameClassify, gameClassifyName, gameCount, trial });

/** Vendors per merchant in the platform's order (the lanes keep it). Vendors the sandbox's launch accepts. */
export const VENDOR_SEED: Readonly<Record<string, readonly Vendor[]>> = {
  demo: [
    v("LOTTERY", "Lottery", "LOTT", "Demo Lottery", "LOTTERY", 36, false),
    v("LOTTERY", "Lottery", "TCG_LOTTO_VN", "TCG Lotto VN", "LOTTERY", 18, false),
    v("SLOTS", "Slots", "PGS", "PG Soft", "RNG", 124, true),
    v("SLOTS", "Slots", "JILI", "JILI Games", "RNG", 86, true),
    v("CARDS", "Cards", "KY", "Kaiyuan Cards", "PVP", 42, false),
    v("CARDS", "Cards", "TCG", "TCG Poker", "TCG", 15, false),
  ],
  vn88: [
    v("VN_LOTTERY", "Xổ số Việt Nam", "LOTT", "Xổ Số VN88", "LOTTERY", 48, false),
    v("VN_LOTTERY", "Xổ số Việt Nam", "TCG_LOTTO_VN", "TCG Lô Đề", "LOTTERY", 27, false),
    v("LOTTERY", "Xổ số", "SEA", "SEA Lottery", "LOTTERY", 12, false),
    v("SLOTS", "Slot", "JILI", "JILI Games", "RNG", 90, true),
    v("CARDS", "Game bài", "KY", "Kaiyuan", "PVP", 40, false),
    v("CARDS", "Game bài", "V8", "V8 Poker", "PVP", 22, true),
  ],
  br777: [
    v("SLOTS", "Caça-níqueis", "PGS", "PG Soft", "RNG", 130, true),
    v("SLOTS", "Caça-níqueis", "PP", "Pragmatic Play", "RNG", 210, true),
    v("CARDS", "Cartas", "KY", "Kaiyuan", "PVP", 38, false),
    v("LOTTERY", "Loteria", "LOTT", "Loteria 777", "LOTTERY", 8, false),
  ],
};

async function gameVendors(ctx: WpsContext): Promise<Response> {
  const platform = ctx.url.searchParams.get("platform") ?? "html5";
  // Only the html5 catalogue exists in the sandbox.
  if (platform !== "html5") return ok([]);
  return ok(VENDOR_SEED[ctx.merchant.code] ?? []);
}

// ---------------------------------------------------------------------------------------------------------------
// Banner pictures: 600×250, the merchant's colours, a motif and the banner's words.

function pngReply(key: string, draw: () => Promise<Bytes>): Promise<Response> {
  return drawnOnce(`home-banner:${key}`, draw).then(
    (bytes) => new Response(bytes, { headers: { "content-type": "image/png", "cache-control": "public, max-age=3600" } }),
  );
}

export const BANNER_WIDTH = 600;
export const BANNER_HEIGHT = 250;

async function drawBanner(merchantCode: string, art: HomeBanner["art"]) {
  const colours = merchantColours(merchantCode);
  const c = new Canvas(BANNER_WIDTH, BANNER_HEIGHT);
  c.gradient(colours.top, colours.bottom, "horizontal");
  c.text(colours.brand, 210, 22, 3, colours.accent);
  c.text(art.headline, 210, 66, art.headline.length > 13 ? 3 : 4, WHITE);
  c.roundRect(70, 126, 280, 56, 28, colours.accent);
  c.text(art.line, 210, 140, art.line.length > 12 ? 3 : 4, [30, 30, 30]);
  const x = 500;
  switch (art.motif) {
    case "coins":
      c.circle(x - 30, 150, 40, [249, 168, 37], [255, 245, 157]);
      c.circle(x + 30, 110, 34, [255, 193, 7], [255, 248, 225]);
      break;
    case "balls":
      c.circle(x - 40, 90, 32, [249, 168, 37], [255, 245, 157]);
      c.circle(x + 25, 120, 36, [0, 131, 143], [178, 235, 242]);
      c.circle(x - 20, 180, 30, [46, 125, 50], [200, 230, 201]);
      c.text("7", x - 40, 76, 4, [62, 39, 35]);
      c.text("9", x + 25, 106, 4, WHITE);
      break;
    case "cards":
      c.roundRect(x - 60, 70, 70, 100, 8, WHITE);
      c.roundRect(x - 20, 90, 70, 100, 8, [250, 250, 250]);
      c.text("A", x + 15, 125, 5, [198, 40, 40]);
      break;
    case "link":
      c.roundRect(x - 50, 80, 100, 90, 12, WHITE);
      c.text("+", x, 108, 6, colours.top);
      break;
    case "star":
      c.circle(x, 125, 60, colours.accent, WHITE);
      c.text("*", x, 104, 7, colours.bottom);
      break;
  }
  return c.png();
}

function bannerFileRoutes(): WpsRoute[] {
  return Object.entries(HOME_BANNERS_SEED).flatMap(([code, list]) =>
    list.map((b): WpsRoute => ({
      method: "GET",
      path: `${HOME_BANNERS}${b.file}`,
      handle: () => pngReply(`${code}:${b.file}`, () => drawBanner(code, b.art)),
    })),
  );
}

export const homeContentRoutes: WpsRoute[] = [
  { method: "GET", path: "/wps/relay/GCSGAME_newGameVendor", handle: gameVendors },
  ...bannerFileRoutes(),
];
