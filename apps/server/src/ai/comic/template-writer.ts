import { inFirstPerson, isChinese, isInstruction } from '../chat/offline-voice.ts';
import { type Random, seededRandom } from '../random.ts';
import { type ComicLang, type ComicPanel, type ComicScript, MAX_PANELS, MIN_PANELS, normalizeScript, type ScriptRequest, type ScriptWriter } from './comic-script.ts';
import { charCount, sentences, shorten, squash } from './text-fit.ts';

/** The name the UI shows, so nobody mistakes a template comic for a language model's. */
export const TEMPLATE_WRITER_ENGINE = 'Starlit template writer (offline)';

const PLACES_ZH: Record<string, string> = { city: '城市', seaside: '海邊', forest: '森林', school: '學校', space: '太空', cafe: '咖啡館', snow: '雪地', night: '夜空下' };
/** "in the city" but "at the seaside": the place with the preposition English gives it. */
const AT_EN: Record<string, string> = {
  city: 'in the city',
  seaside: 'at the seaside',
  forest: 'in the forest',
  school: 'at school',
  space: 'in space',
  cafe: 'at the cafe',
  snow: 'in the snow',
  night: 'under the night sky',
};

/** The words each kind of panel is made from, per language; `{…}` fields are filled from the request. */
interface Phrases {
  place(scene: string): string;
  at(scene: string): string;
  title: string[];
  arrive: string[];
  self: string[];
  ask: string[];
  react: string[];
  turn: string[];
  end: string[];
  endLine: string[];
  greeting: string;
  you: string;
}

const PHRASES: Record<ComicLang, Phrases> = {
  en_US: {
    place: (scene) => (scene === 'space' ? 'space' : `the ${scene}`),
    at: (scene) => AT_EN[scene] ?? `at the ${scene}`,
    title: ['{topic}', "{name}'s Day {at}"],
    arrive: ['That day, {name} came to {place}.', 'Morning {at}. {name} is already here.'],
    self: ['Let me tell you a little about me.', 'This is what I am like!'],
    ask: ['What happened next, {name}?', 'And then what, {name}?'],
    react: ['Wait… what was that?', 'Huh? That is not how I planned it!', 'Oh no, oh no, oh no!', 'I can do this. Probably!'],
    turn: ['Then something unexpected happened.', 'But {place} had a surprise waiting.'],
    end: ['And so the day ended with a smile.', 'The lights of {place} glowed as evening came.'],
    endLine: ['That was fun. See you tomorrow!', 'Let us do it again soon!'],
    greeting: "Hi, I'm {name}!",
    you: 'You',
  },
  zh_TW: {
    place: (scene) => PLACES_ZH[scene] ?? scene,
    at: (scene) => `在${PLACES_ZH[scene] ?? scene}`,
    title: ['{topic}', '{name}的{place}日記'],
    arrive: ['那天，{name}來到了{place}。', '{place}的早晨，{name}已經到了。'],
    self: ['說一點關於我的事吧。', '這就是我喔！'],
    ask: ['{name}，後來呢？', '然後呢，{name}？'],
    react: ['咦……那是什麼？', '欸？跟我想的不一樣！', '糟糕糟糕糟糕！', '我可以的……應該吧！'],
    turn: ['就在這時，發生了意想不到的事。', '可是，{place}藏著一個驚喜。'],
    end: ['就這樣，這一天在笑容中結束了。', '夜幕降臨，{place}閃閃發亮。'],
    endLine: ['今天好開心，明天見！', '下次再一起來吧！'],
    greeting: '你好，我是{name}！',
    you: '你',
  },
};

/** The agent's own sentences in the comic's language, said in the first person, orders to a model left out. */
function ownSentences(text: string, name: string, lang: ComicLang): string[] {
  return sentences(text)
    .filter((s) => !isInstruction(s) && isChinese(s) === (lang === 'zh_TW'))
    .map((s) => inFirstPerson(s, name));
}

/** The user's story cut into beats, one per caption: its sentences, long ones at their commas. */
function beatsOf(text: string, lang: ComicLang): string[] {
  const limit = lang === 'zh_TW' ? 24 : 70;
  const ellipsis = lang === 'zh_TW' ? '……' : '…';
  return sentences(text)
    .flatMap((s) => (charCount(s) <= limit ? [s] : s.split(/(?<=[，,；;])\s*/u).filter((part) => charCount(part) > 1)))
    .map((beat) => beat.replace(/[，,；;]$/u, ellipsis));
}

/** A title from the first beat: its end mark dropped, a comma's clause kept, capitalised in English. */
function topicOf(beat: string, lang: ComicLang): string {
  const clause = beat.split(/[，,；;]/u)[0]!.replace(/[。！？!?.]+$/u, '');
  const short = shorten(clause, lang === 'zh_TW' ? 14 : 40);
  return lang === 'zh_TW' ? short : short.charAt(0).toUpperCase() + short.slice(1);
}

/**
 * A script made from the request's own words, offline and repeatable: the same request and
 * seed give the same comic. The agent arrives saying its own greeting; the captions tell the
 * user's description (and introduction) beat by beat while the agent answers in its own
 * persona sentences and a few stock reactions; then it says goodbye. Scenes are in English
 * and name the agent and the place, for the image engine.
 */
export function templateScript(req: ScriptRequest): ComicScript {
  const random: Random = seededRandom(`comic:${req.seed}`);
  const p = PHRASES[req.lang];
  const name = squash(req.agent.name) || (req.lang === 'zh_TW' ? '星星' : 'Star');
  const beats = [...beatsOf(req.description, req.lang), ...beatsOf(req.introduction, req.lang)];
  const topic = topicOf(beats[0] ?? name, req.lang);
  const place = p.place(req.scene);
  const fill = (template: string) => template.replaceAll('{name}', name).replaceAll('{topic}', topic).replaceAll('{place}', place).replaceAll('{at}', p.at(req.scene));
  const say = (list: string[]) => fill(random.pick(list));
  const own = ownSentences(req.agent.persona, name, req.lang);
  // the agent's own opening line when it is in the comic's language; a stock greeting otherwise
  const ownGreeting = squash(req.agent.greeting);
  const greeting = ownGreeting && isChinese(ownGreeting) === (req.lang === 'zh_TW') ? ownGreeting : fill(p.greeting);
  const agent = (text: string) => ({ speaker: name, text });
  const at = AT_EN[req.scene] ?? `at the ${req.scene}`;

  const count = Math.max(MIN_PANELS, Math.min(MAX_PANELS, beats.length + 2 + random.int(0, 1)));
  const reactions = [...p.react].sort(() => random.next() - 0.5);
  const actions = ['tries hard, medium shot', 'looks surprised, close-up', 'laughs, medium shot', 'thinks with a finger on the chin, close-up'];
  const middle: ComicPanel[] = Array.from({ length: count - 2 }, (_, k) => {
    const line = k === 0 ? agent(own[0] ?? say(p.self)) : k === 2 && own[1] ? agent(own[1]) : agent(reactions[k % reactions.length]!);
    const lines = k === 1 ? [{ speaker: p.you, text: say(p.ask) }, line] : [line];
    return { scene: `${name} ${actions[k % actions.length]} ${at}`, lines, narration: beats[k] ?? say(p.turn) };
  });
  const rest = beats.slice(count - 2);
  const script = {
    title: say(p.title),
    panels: [
      { scene: `${name} arrives ${at}, waving hello, wide shot`, lines: [agent(greeting)], narration: say(p.arrive) },
      ...middle,
      { scene: `${name} waves goodbye ${at} at dusk, wide shot`, lines: [agent(say(p.endLine))], narration: rest.at(-1) ?? say(p.end) },
    ],
  };
  return normalizeScript(script, req.lang, name, { checkLanguage: false });
}

/** The offline writer: templateScript behind the ScriptWriter interface, labelled as the template writer. */
export function templateScriptWriter(): ScriptWriter {
  return {
    engine: TEMPLATE_WRITER_ENGINE,
    async write(req) {
      return templateScript(req);
    },
  };
}
