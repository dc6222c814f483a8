/**
 * `npm run bench:orders`: order creation throughput against a bare Koa route
 * (bench/orderCreate.ts), then per-order room traffic against one broadcast
 * (bench/orderRooms.ts). Arguments go to both (each reads the ones it knows).
 */
import { describeOrderCreate, orderCreateOptions, runOrderCreateBench } from './orderCreate';
import { describeOrderRooms, orderRoomsOptions, runOrderRoomsBench } from './orderRooms';

const args = process.argv.slice(2);
console.log(describeOrderCreate(await runOrderCreateBench(orderCreateOptions(args))));
console.log('');
console.log(describeOrderRooms(await runOrderRoomsBench(orderRoomsOptions(args))));
process.exit(0);
