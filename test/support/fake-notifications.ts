import {
  type Channel,
  type ChannelListener,
  listenerRegistry,
  type Notifications,
  type OwnCommit,
} from '../../src/db/notifications.js';

/** Notifications a test delivers, drops and restores by hand. */
export class FakeNotifications implements Notifications {
  live = true;
  /** Set `live` alone false for a feed that is behind but lost nothing (no reset). */
  listening = true;
  private readonly registry = listenerRegistry();

  async start(): Promise<void> {}

  subscribe(channel: Channel, listener: ChannelListener): () => void {
    return this.registry.add(channel, listener);
  }

  deliver(channel: Channel, payload = ''): void {
    this.registry.deliver(channel, payload);
  }

  committedHere(commit?: OwnCommit): void {
    this.registry.committedHere(commit);
  }

  /** The connection dropped: nothing is delivered until `restore`. */
  drop(): void {
    this.live = false;
    this.listening = false;
    this.registry.resetAll();
  }

  restore(): void {
    this.live = true;
    this.listening = true;
    this.registry.resetAll();
  }

  async close(): Promise<void> {}
}
