/** Cursors are read and checked where the parameters are (a cursor that is not one of ours is a 400 there). */
export { decodeCursor, encodeCursor } from "../api/schemas/params.js"
