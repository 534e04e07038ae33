// Board library shared by every rule set: hex grids with publishers' ids, hexsides, boxes, areas and the searches over them.

export {
  type ColumnOffset,
  type HexDirection,
  HEX_DIRECTIONS, // the six directions of a flat-topped hex, clockwise from north
  SQRT3, // height of a unit hex
  isShiftedColumn, // is this column half a hex down under the given offset
  hexCentre, // centre of (col,row) on one sheet: x = 1.5*col, y = sqrt(3)*(row + shift)
  hexCorners, // six corners of (col,row): east corner first, clockwise on screen
  cornersAround, // six corners around any centre
  neighbourCoords, // (col,row) of the neighbour in one direction, on one sheet
  offsetDistance, // hex distance between (col,row) pairs of one sheet
} from './hex-geometry.ts';

export {
  type HexIdFormat, // sheet prefix + digit counts
  formatHexId, // (col,row) -> "W3533"
  parseHexId, // "W3533" -> [35, 33] or null
} from './hex-ids.ts';

export {
  type BoardGraph, // node/edge indices + compressed adjacency: what every algorithm takes
  type BoardSpec, // plain-data description: sheets, boxes/areas, links
  type SheetSpec, // one map sheet: cols, rows, offset, prefix, omitted hexes, join
  type SheetJoin, // places a sheet against an earlier one (anchor id onto an id of the earlier numbering)
  type NodeSpec, // a box, area or sea zone
  type LinkSpec, // costed, typed links from a node to ids, lists or a sheet edge
  type LinkTarget, // id | id[] | { edgeOf, side }
  type MapEdge, // 'west' | 'east' | 'north' | 'south'
  HEX_KIND, // node kind of hexes
  HEXSIDE_KIND, // edge kind between adjacent hexes
  Board, // the built board: ids <-> indices, adjacency, hexside keys, geometry, lattice radius/ring
  buildBoard, // BoardSpec -> Board, with descriptive errors
} from './board.ts';

export { FlagMap } from './flags.ts'; // up to 32 named features per node or edge, one Uint32 word each

export {
  type OutlineRing, // closed ring of points in board units
  hexOutline, // boundary rings of a set of hexes (an area drawn over a hex map)
} from './outline.ts';

export {
  MinHeap, // binary min-heap in typed arrays
  SearchScratch, // reusable search buffers (pass one to avoid allocation)
  ScratchPool, // a board's search buffers by size and slot (Board.scratches)
  Reach, // search result: reached nodes, costs, predecessors, pathTo
} from './search.ts';

export {
  type MoveRules, // enterCost, mustStop, mayLeave, mayEnter
  type BoardPath, // { nodes, cost }
  movementRange, // every node reachable within an MP budget (Dijkstra)
  findPath, // cheapest legal path between two nodes
} from './movement.ts';

export {
  type LayeredMoveRules, // layers (a unit's states on a node), next(from, layer, to, edge, spent) -> layer or -1, stepCost
  LayeredReach, // per node: first state reached, its cost, layer and path
  layeredMovementRange, // movement whose next step depends on the unit's state (ZOC modes, weather), breadth-first on ties
  routes, // every route of exactly N steps a predicate allows (retreat paths)
} from './layered.ts';

export {
  type Neighbours, // the caller's steps out of a node, each with its cost (not necessarily board edges)
  distancesFrom, // cheapest cost from the nearest of several sources to every node (Dijkstra), within an optional maximum
} from './distances.ts';

export {
  type RangeRules, // mayCross, mayEnter, mayPass
  withinRange, // nodes within N steps, bounded by passability (fleet ZOC)
  markWithinRange, // OR a bit into a mask for every node within range (ZOC masks)
} from './range.ts';

export {
  type TraceRules, // layers, mayOccupy, mayStep, mayPass, mayTransfer, stepCost, maxLength
  SupplyMap, // supplied mask per node and layer
  traceSupply, // multi-source supply search
  SupplySetsMap, // which source sets reach each node and layer
  traceSupplySets, // several supply searches at once, one bit per source set (each power to its own capitals)
  type TraceTables, // traceSupplySets's rules: step per adjacency entry, pass per state, transfer per node
} from './supply.ts';
