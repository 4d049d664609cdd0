// libvips' operation cache off, for the whole process. sharp turns it on (50 MB, 100 operations) each time its module
// is loaded, and a worker thread loads a copy of its own: the feature worker's load turned the cache back on for every
// thread after the main thread had turned it off. A cached operation is found again by its inputs' memory addresses,
// so a raw pixel buffer freed and another allocated in its place could be answered with the old one's result; and
// what the server decodes (uploads, training images) is one-off. Imported for its effect by each thread that uses sharp.
import sharp from 'sharp';

sharp.cache(false);
