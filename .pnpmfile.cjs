// node-gyp would download Node headers from the internet, which these machines cannot reach;
// point it at the headers installed with Node instead.
module.exports = {
  hooks: {
    updateConfig(config) {
      config.extraEnv = config.extraEnv || {};
      config.extraEnv.npm_config_nodedir = process.env.npm_config_nodedir || '/usr';
      return config;
    },
  },
};
