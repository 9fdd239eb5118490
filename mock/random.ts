/** Deterministic random numbers for seed data (mulberry32). */
export interface Rng {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  shuffle<T>(items: T[]): T[];
}

export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
    shuffle: (items) => {
      for (let i = items.length - 1; i > 0; i -= 1) {
        const j = Math.floor(next() * (i + 1));
        [items[i], items[j]] = [items[j], items[i]];
      }
      return items;
    },
  };
}

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤'.split('');
const GIVEN = '子涵欣怡梓萱诗雨可馨一诺依诺雨桐语桐思彤晨曦若汐浩宇宇轩子轩浩然梓睿俊杰明轩天佑皓轩博文嘉懿雅琪婉清佳怡梦琪雨欣心怡欣妍晓彤紫涵嘉怡静怡思源宇航泽宇亦辰逸飞承泽俊熙瑞霖'.split('');

export function chineseName(rng: Rng): string {
  const len = rng.chance(0.7) ? 2 : 1;
  let name = rng.pick(SURNAMES);
  for (let i = 0; i < len; i += 1) name += rng.pick(GIVEN);
  return name;
}

export function mobileNumber(rng: Rng): string {
  const prefix = rng.pick(['135', '136', '137', '138', '139', '150', '151', '158', '159', '177', '186', '187', '188', '189']);
  let rest = '';
  for (let i = 0; i < 8; i += 1) rest += String(rng.int(0, 9));
  return prefix + rest;
}
