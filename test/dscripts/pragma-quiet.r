quiet by pragma

