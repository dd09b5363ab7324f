// The platforms with code behind them (shared/channel-types.ts lists every type, built or not).
import type { ChannelPlatform } from './types.js';
import { slackPlatform } from './slack/platform.js';
import { mattermostPlatform } from './mattermost/platform.js';
import { zendeskPlatform } from './zendesk/platform.js';
import { zammadPlatform } from './zammad/platform.js';
import { salesforcePlatform } from './salesforce/platform.js';

const PLATFORMS: Record<string, ChannelPlatform> = { slack: slackPlatform, mattermost: mattermostPlatform, zendesk: zendeskPlatform, zammad: zammadPlatform, salesforce: salesforcePlatform };

export const platformOf = (type: string): ChannelPlatform | undefined => PLATFORMS[type];
