// The live script of /calculators/construction-to-permanent (../start.ts), bundled by server/build.mjs.
import { constructionToPermanentResults } from '../../views/construction-to-permanent';
import { startLive } from '../start';

startLive(constructionToPermanentResults);
