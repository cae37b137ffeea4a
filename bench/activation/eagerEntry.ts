// The baseline of the activation benchmark: the extension with every library it loads on first use imported up
// front, as every one of them was before they were made lazy (bundled whole into one extension.js).
import 'undici';
import 'markdown-it';
import 'wavefile';
import '../../src/core/images/imageCodecs';
export * from '../../src/extension';
