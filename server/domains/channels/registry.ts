// The platforms with code behind them (shared/channel-types.ts lists every type, built or not).
import type { ChannelPlatform } from './types.js';
import { slackPlatform } from './slack/platform.js';

const PLATFORMS: Record<string, ChannelPlatform> = { slack: slackPlatform };

export const platformOf = (type: string): ChannelPlatform | undefined => PLATFORMS[type];
