provider conftest{ probe fire(); };
