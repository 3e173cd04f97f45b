// The queue through which every connection of the embedded server reaches PGlite's one session, served one
// protocol exchange at a time (plain ESM: it runs in the database's worker thread without a TypeScript loader).
//
// `@electric-sql/pglite-socket`'s own queue (0.2.x) serves single messages and keeps a connection's turn only inside a
// transaction. An extended-protocol query is several messages (Parse, Bind, Describe, Execute, Sync), and the client's
// bytes may arrive in several reads: another connection's messages served in between replace the unnamed statement or
// portal under the first one (`portal "" does not exist`, `bind message supplies 3 parameters, but prepared statement
// "" requires 2`: electric-sql/pglite#1046). Here a connection keeps its turn from its first message until the session
// answers ReadyForQuery idle ('Z' with status 'I'), which ends every exchange outside a transaction; a failure inside
// PGlite no longer leaves the queue stuck, and a connection that leaves mid-exchange has its exchange ended for it.

const READY_FOR_QUERY = 0x5a
const IDLE = 0x49
const TERMINATE = 0x58
/** Messages the server may send outside any exchange: they say nothing about whose turn it is. */
const ASYNCHRONOUS = new Set([0x41, 0x4e, 0x53]) // NotificationResponse, NoticeResponse, ParameterStatus
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4])
const ROLLBACK = (() => {
  const text = new TextEncoder().encode("ROLLBACK\0")
  const message = new Uint8Array(5 + text.length)
  message[0] = 0x51
  new DataView(message.buffer).setInt32(1, 4 + text.length)
  message.set(text, 5)
  return message
})()

/** Reads the server's byte stream to one connection, message by message, to tell when its exchange has ended. */
class ExchangeState {
  open = false
  header = new Uint8Array(5)
  headerLength = 0
  type = 0
  bodyLeft = 0
  bodyLength = 0
  status = 0

  /** A message from the client: its exchange is open until the session is ready and idle again. */
  sent(message) {
    if (message[0] !== TERMINATE) this.open = true
  }

  received(chunk) {
    let at = 0
    while (at < chunk.length) {
      if (this.bodyLeft > 0) {
        if (this.type === READY_FOR_QUERY && this.bodyLeft === this.bodyLength) this.status = chunk[at]
        const taken = Math.min(this.bodyLeft, chunk.length - at)
        this.bodyLeft -= taken
        at += taken
        if (this.bodyLeft === 0) this.ended()
        continue
      }
      this.header[this.headerLength++] = chunk[at++]
      if (this.headerLength < 5) continue
      this.headerLength = 0
      this.type = this.header[0]
      this.bodyLength = new DataView(this.header.buffer).getInt32(1) - 4
      this.bodyLeft = this.bodyLength
      if (this.bodyLeft === 0) this.ended()
    }
  }

  ended() {
    if (this.type === READY_FOR_QUERY) this.open = this.status !== IDLE
    else if (!ASYNCHRONOUS.has(this.type)) this.open = true
  }
}

export class ExchangeQueue {
  constructor(db) {
    this.db = db
    this.queue = []
    this.processing = false
    /** The connection whose exchange is open: only its messages are served until it ends. */
    this.owner = null
    this.states = new Map()
  }

  stateOf(handlerId) {
    let state = this.states.get(handlerId)
    if (state === undefined) {
      state = new ExchangeState()
      this.states.set(handlerId, state)
    }
    return state
  }

  enqueue(handlerId, message, onData) {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject })
      void this.processQueue()
    })
  }

  async processQueue() {
    if (this.processing) return
    this.processing = true
    try {
      for (;;) {
        const index = this.owner === null ? 0 : this.queue.findIndex((item) => item.handlerId === this.owner)
        if (index === -1 || this.queue.length === 0) return
        const [item] = this.queue.splice(index, 1)
        const state = this.stateOf(item.handlerId)
        state.sent(item.message)
        let bytes = 0
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data) => {
                bytes += data.length
                state.received(data)
                item.onData(data)
              }
            })
          )
          item.resolve(bytes)
        } catch (error) {
          item.reject(error)
        }
        this.owner = state.open ? item.handlerId : null
      }
    } finally {
      this.processing = false
    }
  }

  getQueueLength() {
    return this.queue.length
  }

  clearQueueForHandler(handlerId) {
    this.queue = this.queue.filter((item) => {
      if (item.handlerId !== handlerId) return true
      item.reject(new Error("Handler disconnected"))
      return false
    })
  }

  /** Called when a connection leaves: ends whatever exchange or transaction it left open, then serves the others. */
  async clearTransactionIfNeeded(handlerId) {
    const state = this.states.get(handlerId)
    this.states.delete(handlerId)
    if (state?.open) {
      const discard = () => {}
      // Sync ends an extended exchange (and skips what an error left); ROLLBACK ends a transaction left open.
      await this.enqueue(handlerId, SYNC, discard).catch(discard)
      if (this.owner === handlerId) await this.enqueue(handlerId, ROLLBACK, discard).catch(discard)
      this.states.delete(handlerId)
    }
    if (this.owner === handlerId) this.owner = null
    await this.processQueue()
  }
}
