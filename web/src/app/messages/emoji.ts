/**
 * The chat's emoji (spec 01 §2.6; CHAT-009): codes 100 to 219, each written into the message
 * as its bracketed Chinese label (`[微笑]`) and drawn from it when shown. The spec names no
 * picture set and the repository has none, so a label is drawn as a small coloured tag with
 * its code; a picture set can replace `EmojiTag` without touching the messages.
 */
export const EMOJI_FIRST = 100;

// The classic order of the 120 faces: code = EMOJI_FIRST + index.
const LABELS = [
  '微笑', '撇嘴', '色', '发呆', '得意', '流泪', '害羞', '闭嘴', '睡', '大哭',
  '尴尬', '发怒', '调皮', '呲牙', '惊讶', '难过', '酷', '冷汗', '抓狂', '吐',
  '偷笑', '可爱', '白眼', '傲慢', '饥饿', '困', '惊恐', '流汗', '憨笑', '大兵',
  '奋斗', '咒骂', '疑问', '嘘', '晕', '折磨', '衰', '骷髅', '敲打', '再见',
  '擦汗', '抠鼻', '鼓掌', '糗大了', '坏笑', '左哼哼', '右哼哼', '哈欠', '鄙视', '委屈',
  '快哭了', '阴险', '亲亲', '吓', '可怜', '菜刀', '西瓜', '啤酒', '篮球', '乒乓',
  '咖啡', '饭', '猪头', '玫瑰', '凋谢', '示爱', '爱心', '心碎', '蛋糕', '闪电',
  '炸弹', '刀', '足球', '瓢虫', '便便', '月亮', '太阳', '礼物', '拥抱', '强',
  '弱', '握手', '胜利', '抱拳', '勾引', '拳头', '差劲', '爱你', 'NO', 'OK',
  '爱情', '飞吻', '跳跳', '发抖', '怄火', '转圈', '磕头', '回头', '跳绳', '挥手',
  '激动', '街舞', '献吻', '左太极', '右太极', '嘿哈', '捂脸', '奸笑', '机智', '皱眉',
  '耶', '吃瓜', '加油', '汗', '天啊', '社会社会', '旺柴', '好的', '打脸', '哇',
];

export interface Emoji {
  code: number;
  /** As written in a message: `[微笑]`. */
  label: string;
}

export const EMOJIS: Emoji[] = LABELS.map((name, i) => ({ code: EMOJI_FIRST + i, label: `[${name}]` }));

const BY_LABEL = new Map(EMOJIS.map((e) => [e.label, e]));

/** A message's text as pieces: plain text, and the emoji its bracketed labels name. */
export type Piece = { text: string } | { emoji: Emoji };

export function pieces(text: string): Piece[] {
  const out: Piece[] = [];
  let plain = '';
  const re = /\[[^[\]]{1,8}\]/g;
  let at = 0;
  for (const m of text.matchAll(re)) {
    const emoji = BY_LABEL.get(m[0]);
    if (!emoji) continue;
    plain += text.slice(at, m.index);
    if (plain) out.push({ text: plain });
    plain = '';
    out.push({ emoji });
    at = m.index! + m[0].length;
  }
  plain += text.slice(at);
  if (plain) out.push({ text: plain });
  return out;
}
