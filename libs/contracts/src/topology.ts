/**
 * The single-machine defaults (DESIGN §6), written once: the services and the gateway read them when their
 * port variable is unset, and tools/platform.mjs starts the topology on them. The remotes' ports are in
 * remoteCatalog.
 */
export const DEFAULT_PORTS = Object.freeze({ gateway: 3000, text: 4001, speech: 4002, mongo: 27027 });

/** Services listen on the loopback interface unless HOST says otherwise. */
export const DEFAULT_HOST = '127.0.0.1';
