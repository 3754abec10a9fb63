/** One chat message, in characters (the public answer page counts against it; issue #10). */
export const CHAT_MESSAGE_MAX = 4_000;
